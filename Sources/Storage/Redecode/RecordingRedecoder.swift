public import DataSources
public import Foundation

/// Decodes a recording again from the device's bytes it keeps (`/Device/Notifications`) into a new
/// file; the original stays as it is. Storage knows no device: the caller gives the decoder, a
/// ``DataSources/DataSource`` that plays the stored notifications (``Decoding``), and this runs it on
/// a ``DataSources/DataController`` and stores what it delivers with the original's metadata.
///
/// The new file holds: the decoded EEG (`/Recording/Data`, `RawData`, `TimeStamp`) and streams
/// (`/Streams`), as many rows as the original (a decoder finishing blocks the original recording
/// stopped before adds none), the original's events and markers on the same rows (the decoder's
/// own gap events where it found gaps), the same notifications, the original's metadata and
/// `/Provenance` with the new decoder as `DecoderVersion` and the recorded one as
/// `RecordedDecoderVersion`. Derived series (`/Quality`) are not computed again.
package enum RecordingRedecoder {
    /// A decoder for a recording's stored bytes.
    package struct Decoding: Sendable {
        /// The source that plays the stored notifications and ends after the last.
        package var source: any DataSource
        /// The clock to run it on (a redecoding's clock reads the stored moments).
        package var clock: any HostClock
        /// Whether what the source delivers now precedes the recording (a late recording's prologue).
        package var isBeforeRecording: @Sendable () -> Bool

        /// A decoding.
        package init(source: any DataSource, clock: any HostClock, isBeforeRecording: @escaping @Sendable () -> Bool = { false }) {
            self.source = source
            self.clock = clock
            self.isBeforeRecording = isBeforeRecording
        }
    }

    /// What a redecoding stored.
    package struct Result: Sendable {
        /// The new file.
        package var url: URL
        /// Its EEG rows.
        package var samples: Int64
        /// The decoder the recording was made with, and today's.
        package var recordedDecoder: String?
        package var decoder: String?
    }

    /// `<name>-redecoded.h5` beside `original`: where a redecoding goes when no file is named.
    package static func defaultOutput(for original: URL) -> URL {
        original.deletingPathExtension().appendingPathExtension("redecoded").appendingPathExtension("h5")
    }

    /// Decodes `original` again into `output` (which must not exist) with the decoder `decoding`
    /// makes from the stored notifications, the number of leading prologue entries and the
    /// recording's descriptor. Throws ``StorageError/notARecording(path:reason:)`` when the recording
    /// keeps no device bytes, and what the decoder fails with. Runs with a preference for
    /// ``BlockingExecutor/shared`` (as the recording's writing task does): its HDF5 reads and writes
    /// never hold a thread of the cooperative pool.
    package static func redecode(
        _ original: URL, to output: URL,
        decoding: (_ notifications: DeviceNotifications, _ prologueEntries: Int, _ recorded: DeviceDescriptor, _ anchor: ClockAnchor) throws ->
            Decoding
    ) async throws -> Result {
        try await withTaskExecutorPreference(BlockingExecutor.shared) {
            try await redecodeOnExecutor(original, to: output, decoding: decoding)
        }
    }

    private static func redecodeOnExecutor(
        _ original: URL, to output: URL,
        decoding: (_ notifications: DeviceNotifications, _ prologueEntries: Int, _ recorded: DeviceDescriptor, _ anchor: ClockAnchor) throws ->
            Decoding
    ) async throws -> Result {
        let reader = try RecordingReader(url: original)  // on BlockingExecutor (see redecode)
        guard let (stored, prologue) = try reader.deviceNotifications(), !stored.isEmpty else {
            throw StorageError.notARecording(
                path: original.path, reason: "keeps no device notifications to decode (made before they were kept, or by a source that decodes none)")
        }
        guard let anchor = reader.clockAnchor else {
            throw StorageError.notARecording(path: original.path, reason: "has no clock anchor to place its notifications on")
        }
        let decoder = try decoding(stored, prologue, reader.descriptor, anchor)
        let events = try reader.events()
        var markers: [(row: Int64, code: Int32)] = []
        var start: Int64 = 0
        while start < reader.sampleCount {
            let block = try reader.readBlock(from: start, count: 65536)
            guard block.count > 0 else { break }
            markers += block.markers.map { (start + Int64($0.row), $0.marker.code) }
            start += Int64(block.count)
        }
        var streamRows: [String: Int] = [:]
        for d in reader.descriptor.streams where d.name != reader.descriptor.eeg.name {
            streamRows[d.name] = try reader.stream(named: d.name)?.times.count ?? 0
        }
        let controller = DataController(source: decoder.source, clock: decoder.clock)
        let subscription = await controller.events(.lossless(capacity: 256))
        try await controller.start()
        var writer: RecordingWriter?
        var firstIndex: [String: Int64] = [:]
        var failure: (any Error)?
        var newDecoder: String?
        do {
            loop: for await event in subscription {
                switch event {
                case .started(let descriptor, let runAnchor):
                    guard writer == nil else { continue }
                    newDecoder = descriptor.decoder
                    var provenance = reader.provenance ?? Provenance()
                    provenance.recordedDecoderVersion = reader.provenance?.decoderVersion ?? reader.descriptor.decoder ?? "unknown"
                    provenance.decoderVersion = descriptor.decoder
                    var source = descriptor
                    source.origin = reader.provenance?.source ?? reader.descriptor.origin
                    source.properties.merge(reader.descriptor.properties) { new, _ in new }
                    let metadata = RecordingMetadata(
                        participant: reader.participant ?? "unknown", study: reader.study, day: reader.day ?? 1, session: reader.session ?? 0,
                        run: reader.run ?? 1, paradigm: reader.paradigm, source: source, clockAnchor: runAnchor,
                        powerLineFrequency: reader.powerLineFrequency, provenance: provenance)
                    let w = try RecordingWriter(url: output, metadata: metadata, options: .init(journaling: false))
                    writer = w
                    try w.appendNotifications(stored, prologue: prologue)
                case .samples(var block):
                    guard let w = writer, !decoder.isBeforeRecording() else { continue }
                    if block.stream == w.metadata.source.eeg.name {
                        let room = reader.sampleCount - w.rowCount
                        if room <= 0 { continue }
                        if block.count > room { block = block.slice(0..<Int(room)) }
                    } else {
                        let first = firstIndex[block.stream] ?? block.firstIndex
                        firstIndex[block.stream] = first
                        let room = Int64(streamRows[block.stream] ?? 0) - (block.firstIndex - first)
                        if room <= 0 { continue }
                        if block.count > room { block = block.slice(0..<Int(room)) }
                    }
                    try w.append(block)
                case .ended(let error):
                    failure = error
                    break loop
                case .marker, .state, .battery, .properties, .discarded, .notifications:
                    continue
                }
            }
        } catch {
            failure = error
        }
        subscription.cancel()
        await controller.stop()
        guard let writer else {
            throw failure ?? StorageError.notARecording(path: original.path, reason: "its stored notifications decode to no device")
        }
        if let failure {
            _ = try? writer.finish(.incomplete(reason: "redecoding failed"))
            try? FileManager.default.removeItem(at: output)
            throw failure
        }
        try writer.copy(events: events.filter { $0.code != Marker.gapCode }, markers: markers)
        let summary = try writer.finish(reader.outcome, addingInterruption: false)
        return Result(url: output, samples: summary.samples, recordedDecoder: reader.provenance?.decoderVersion, decoder: newDecoder)
    }
}
