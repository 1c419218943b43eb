public import Foundation
package import Muse
public import Storage

/// Decoding a recording again from the headband's bytes it keeps (`/Device/Notifications`), with
/// today's decoders, into a new file beside it or where asked; the original stays. The library call
/// behind `study-recorder redecode` and `collect --redecode`: Storage reads and writes the files
/// (``Storage/RecordingRedecoder``), Muse decodes (``Muse/MuseRedecoding``); this joins them.
public enum Redecoding {
    /// ``redecode(_:to:)`` in the shape `collect --redecode` takes (`Collector.redecoder`): false for
    /// a recording that keeps no bytes this build decodes, which is exported as recorded.
    public static let collecting: @Sendable (URL, URL) async throws -> Bool = { recording, output in
        do {
            _ = try await redecode(recording, to: output)
            return true
        } catch let error as RecorderError where error.code == .undecodable {
            return false
        }
    }

    /// The headband session `recording` keeps, for the simulated headband to play with its timing
    /// (`simulate-headband --replay RECORDING.h5`): a classic Muse's or a Muse S Athena's data
    /// notifications and the control channel's replies. Throws ``RecorderError`` with
    /// ``RecorderError/Code/undecodable`` when it keeps none (no bytes, or no Muse's).
    package static func recordedSession(of recording: URL) throws -> RecordedSession {
        guard let (stored, _) = try RecordingReader(url: recording).deviceNotifications() else {
            throw RecorderError(.undecodable, "\(recording.lastPathComponent) keeps no device notifications to play")
        }
        guard let session = RecordedSession(stored) else {
            throw RecorderError(.undecodable, "\(recording.lastPathComponent) keeps no Muse data notifications to play")
        }
        return session
    }

    /// The Muse S Athena data notifications `recording` keeps, for the simulated headband to play
    /// with their timing (`simulate-headband --replay RECORDING.h5`). Throws ``RecorderError`` with
    /// ``RecorderError/Code/undecodable`` when it keeps none (no bytes, or a classic headband's,
    /// which the simulated headband does not play).
    package static func replayLines(of recording: URL) throws -> [AthenaCaptureLine] {
        guard let (stored, _) = try RecordingReader(url: recording).deviceNotifications() else {
            throw RecorderError(.undecodable, "\(recording.lastPathComponent) keeps no device notifications to play")
        }
        let lines = AthenaCaptureLine.lines(from: stored)
        guard !lines.isEmpty else {
            throw RecorderError(
                .undecodable, "\(recording.lastPathComponent) keeps no Muse S Athena data notifications: the simulated headband plays an Athena's only")
        }
        return lines
    }

    /// Decodes `recording` again into `output` (default: `<name>.redecoded.h5` beside it), which must
    /// not exist. Throws ``RecorderError`` with the code ``RecorderError/Code/undecodable`` when the
    /// recording keeps no bytes of a device this build decodes, and the storage's errors.
    public static func redecode(_ recording: URL, to output: URL? = nil) async throws -> Result {
        let target = output ?? RecordingRedecoder.defaultOutput(for: recording)
        do {
            return Result(try await RecordingRedecoder.redecode(recording, to: target) { notifications, prologue, recorded, anchor in
                guard MuseRedecoding.decodes(recorded) else {
                    throw RecorderError(.undecodable, "\(recording.lastPathComponent) was recorded from \(recorded.kind), whose bytes this build does not decode")
                }
                let muse = MuseRedecoding(notifications: notifications, anchor: anchor, preset: recorded.properties["Preset"], prologueEntries: prologue)
                return RecordingRedecoder.Decoding(source: muse.source, clock: muse.clock, isBeforeRecording: { muse.isDecodingPrologue })
            })
        } catch let error as StorageError {
            if case .notARecording(_, let reason) = error, reason.contains("device notifications") {
                throw RecorderError(.undecodable, "\(recording.lastPathComponent) \(reason)", underlying: error)
            }
            throw error
        }
    }

    /// What ``redecode(_:to:)`` wrote.
    public struct Result: Sendable {
        /// The new file.
        public var url: URL
        /// EEG samples (rows) decoded.
        public var samples: Int64
        /// The decoder the recording was made with (from its `/Provenance`; `nil` for a file
        /// older than provenance).
        public var recordedDecoder: String?
        /// This build's decoder version, stored in the new file's `/Provenance`.
        public var decoder: String?

        init(_ result: RecordingRedecoder.Result) {
            url = result.url
            samples = result.samples
            recordedDecoder = result.recordedDecoder
            decoder = result.decoder
        }
    }
}
