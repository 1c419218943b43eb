import DataSources
import Foundation
import Testing

@testable import Processing

struct SharedSignalProcessorTests {
    static let eeg = StreamDescriptor(name: "eeg", kind: .eeg, channelLabels: ["TP9", "AF7", "AF8", "TP10"], unit: "uV", samplingRate: 256)
    static let accelerometer = StreamDescriptor(
        name: "accelerometer", kind: .accelerometer, channelLabels: ["X", "Y", "Z"], unit: "g", samplingRate: 52)
    static let headband = DeviceDescriptor(kind: "test", manufacturer: "test", model: "with accelerometer", streams: [eeg, accelerometer])

    /// `seconds` of a 52 Hz accelerometer swaying by 0.5 g on x (moving), from `start` s.
    static func sway(seconds: Int, start: Int = 0) -> SampleBlock {
        let n = seconds * 52
        let values = (0..<n).flatMap { i in [0.5 * sin(2 * .pi * 2 * Double(i) / 52), 0.01, 1] }
        return SampleBlock(
            stream: "accelerometer", firstIndex: Int64(start * 52), channelCount: 3, values: values,
            times: (0..<n).map { 1000 + Double(start) + Double($0) / 52 })
    }

    /// The same blocks through the shared processor and through a processor value give the same
    /// results, attributes and summary: the reference type adds no processing of its own.
    @Test func givesWhatAProcessorValueGives() {
        let frames = SignalProcessorTests.samples(seconds: 12)
        let configuration = ProcessorConfiguration(mains: .fifty)
        let shared = SharedSignalProcessor(configuration: configuration)
        shared.restart(Self.headband)
        var value = SignalProcessor(descriptor: Self.headband, configuration: configuration)
        var sharedUpdates: [ProcessingUpdate] = [], valueUpdates: [ProcessingUpdate] = []
        for start in stride(from: 0, to: frames.count, by: 300) {
            let block = frames.slice(start..<min(frames.count, start + 300))
            sharedUpdates += shared.process(block).updates
            valueUpdates += value.process(block)
        }
        // Compared as text: the updates hold NaN (grades before the first full window), which `==` never equals.
        #expect(!sharedUpdates.isEmpty && "\(sharedUpdates)" == "\(valueUpdates)")
        #expect(shared.attributes == QualitySeries.attributes(for: value) && !shared.attributes.isEmpty)
        #expect(shared.summary?.windowCount == value.summary.windowCount)
        #expect(shared.descriptor == Self.headband)
    }

    /// Before it is sized there is nothing to process, no attributes and no summary.
    @Test func unsizedItProcessesNothing() {
        let shared = SharedSignalProcessor()
        let result = shared.process(SignalProcessorTests.samples(seconds: 3))
        #expect(result.updates.isEmpty && result.moving == nil)
        #expect(shared.attributes.isEmpty && shared.summary == nil && shared.descriptor == nil)
    }

    /// A motion judgement comes with exactly the blocks that complete an accelerometer window.
    @Test func reportsMotionWhenAWindowCompletes() {
        let shared = SharedSignalProcessor()
        shared.size(for: Self.headband)
        let half = Self.sway(seconds: 1)
        #expect(shared.process(half.slice(0..<26)).moving == nil)
        #expect(shared.process(half.slice(26..<52)).moving == true)
        #expect(shared.process(SignalProcessorTests.samples(seconds: 1)).moving == nil)
        #expect(shared.summary?.accelerometerWindows == 1)
    }

    /// `size(for:)` keeps a processor already sized for the device (a feed taking over carries on);
    /// `restart(_:)` and a different device start afresh.
    @Test func sizingKeepsTheSameDevicesProcessor() throws {
        let shared = SharedSignalProcessor()
        shared.restart(Self.headband)
        _ = shared.process(SignalProcessorTests.samples(seconds: 6))
        let settled = try #require(shared.summary?.windowCount)
        #expect(settled > 0)
        shared.size(for: Self.headband)
        #expect(shared.summary?.windowCount == settled)
        shared.restart(Self.headband)
        #expect(shared.summary?.windowCount == 0)
        _ = shared.process(SignalProcessorTests.samples(seconds: 6))
        let other = DeviceDescriptor(kind: "test", manufacturer: "test", model: "eeg only", streams: [Self.eeg])
        shared.size(for: other)
        #expect(shared.summary?.windowCount == 0 && shared.descriptor == other)
    }

    /// A headband that said it is off the head before a recording restarts the processor is off the
    /// head in the recording too, until it says otherwise; its windows count as off the head and
    /// their band power is NaN with that reason.
    @Test func theDevicesOffHeadWordOutlivesARestart() {
        let frames = SignalProcessorTests.samples(seconds: 8)
        let shared = SharedSignalProcessor(configuration: ProcessorConfiguration(mains: .fifty))
        shared.restart(Self.headband)
        shared.take(DeviceStateChange(state: .onHead, value: false, time: 1000))
        shared.restart(Self.headband)
        var updates = shared.process(frames.slice(0..<(4 * 256))).updates
        let off = shared.summary
        #expect(
            off?.windowCount ?? 0 > 0 && off?.offHeadWindows == off?.windowCount && off?.deviceOffHeadWindows == off?.windowCount,
            "\(String(describing: off))")
        let bandPower = updates.compactMap { if case .bandPower(let b) = $0 { b } else { nil } }
        #expect(!bandPower.isEmpty && bandPower.allSatisfy { $0.channels.allSatisfy { $0.invalidReason == "headband off the head" } })
        shared.take(DeviceStateChange(state: .onHead, value: true, time: 1004))
        updates = shared.process(frames.slice((4 * 256)..<(8 * 256))).updates
        #expect(shared.summary?.offHeadWindows == off?.offHeadWindows && shared.summary?.windowCount ?? 0 > off?.windowCount ?? 0)
        #expect(updates.contains { if case .quality(let q) = $0 { q.findings?.offHead == false } else { false } })
    }
}
