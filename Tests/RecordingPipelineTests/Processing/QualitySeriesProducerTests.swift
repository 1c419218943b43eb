import DataSources
import Foundation
import Processing
import Storage
import Synchronization
import Testing

@testable import RecordingPipeline

/// The one producer of `/Quality` rows, on its own processor (the kit's recorder) and on a processor
/// another part keeps (the study runner's quality monitor).
struct QualitySeriesProducerTests {
    static let oscillator = OscillatorConfiguration(mode: .realistic, seed: 5, startTime: 1000)

    /// 12 s of oscillator EEG in uneven blocks, as a source delivers them.
    static func blocks() -> [SampleBlock] {
        var generator = OscillatorGenerator(configuration: oscillator)
        let frames = generator.next(256 * 12)[0]
        var blocks: [SampleBlock] = []
        var start = 0
        var sizes = [12, 300, 7, 512, 64].makeIterator()
        while start < frames.count {
            let size = sizes.next() ?? 256
            blocks.append(frames.slice(start..<min(frames.count, start + size)))
            start += size
        }
        return blocks
    }

    /// The rows with their values as bit patterns, so that NaN compares equal to NaN.
    static func bits(_ rows: [DerivedSeriesRow]) -> [String] {
        rows.map { "\($0.name) \($0.time.bitPattern) \($0.values.map(\.bitPattern)) \($0.columns)" }
    }

    /// Records `blocks` through `producer` as a recording's writer does: start, attributes, rows.
    static func record(_ producer: inout QualitySeriesProducer, _ blocks: [SampleBlock]) -> (attributes: [String: MetadataValue], rows: [DerivedSeriesRow]) {
        producer.start(oscillator.descriptor)
        let attributes = producer.groupAttributes
        let rows = blocks.flatMap { producer.process($0) }
        return (attributes, rows)
    }

    /// On a kept processor that was fed before (a monitor's settled processor), the producer restarts
    /// it and stores exactly the rows and attributes of a producer with its own processor; the keeper
    /// then holds the recording's processor, and the observer saw every stored update.
    @Test func aKeptProcessorStoresWhatAnOwnProcessorStores() throws {
        let configuration = ProcessorConfiguration(mains: .fixed(50))
        let blocks = Self.blocks()
        var own = QualitySeriesProducer(configuration: configuration)
        let expected = Self.record(&own, blocks)

        let kept = SharedSignalProcessor(configuration: configuration)
        kept.restart(Self.oscillator.descriptor)
        for block in blocks.prefix(6) { _ = kept.process(block) }
        let observed = Mutex([ProcessingUpdate]())
        var shared = QualitySeriesProducer(processor: kept) { observation in
            if case .update(let update) = observation { observed.withLock { $0.append(update) } }
        }
        let stored = Self.record(&shared, blocks)

        // Compared bit for bit: the rows hold NaN (grades before the first full window), which `==` never equals.
        #expect(!expected.rows.isEmpty && Self.bits(stored.rows) == Self.bits(expected.rows))
        #expect(!expected.attributes.isEmpty && stored.attributes == expected.attributes)
        #expect(kept.summary == own.summary && shared.summary == own.summary)
        let rows = observed.withLock { $0 }.flatMap { QualitySeries.rows(for: $0, channelNames: Self.oscillator.channelNames) }
        #expect(rows.map(\.name) == stored.rows.map(\.name) && rows.map(\.time) == stored.rows.map(\.time))
    }

    /// With `stores` false the results only reach the observer: no rows, no group attributes.
    @Test func withoutStoringOnlyTheObserverSeesResults() {
        let count = Mutex(0)
        var producer = QualitySeriesProducer(configuration: ProcessorConfiguration(mains: .fixed(50)), stores: false) { observation in
            if case .update = observation { count.withLock { $0 += 1 } }
        }
        let result = Self.record(&producer, Self.blocks())
        #expect(result.rows.isEmpty && result.attributes.isEmpty)
        #expect(count.withLock { $0 } > 0)
    }
}
