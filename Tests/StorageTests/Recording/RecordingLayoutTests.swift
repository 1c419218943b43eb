import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// A recording that is malformed in any one way is refused when it is opened, with the file named and
/// nothing read in proportion to a damaged dimension; odd metadata never traps.
@Suite(.tags(.python))
struct RecordingLayoutTests {
    /// The malformed files, written with h5py.
    static func malformed() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory("malformed-recordings")
        try MalformedRecordings.write(into: directory.url)
        return directory
    }

    @Test func everyMalformedRecordingIsRefusedWithItsName() throws {
        let directory = try Self.malformed()
        for malformed in MalformedRecordings.cases {
            let url = directory.path(malformed.name + ".h5")
            do {
                let reader = try RecordingReader(url: url)
                try reader.checkReadable()
                Issue.record("\(malformed.name) was read")
            } catch let error as StorageError {
                guard case .notARecording(let path, let reason) = error else {
                    Issue.record("\(malformed.name): \(error)")
                    continue
                }
                #expect(path == url.path)
                #expect(reason.contains(malformed.reason), "\(malformed.name): \(reason)")
            }
        }
    }

    /// NaN and 1e300 where integers are stored read as "not stored"; marker codes beyond 32 bits are
    /// truncated, not trapped on; a recording without samples opens with none.
    @Test func oddMetadataReadsAsNotStored() throws {
        let directory = try Self.malformed()
        let odd = try RecordingReader(url: directory.path("attributes_nan.h5"))
        #expect(odd.session == nil && odd.run == nil && odd.day == nil && odd.powerLineFrequency == nil)
        #expect(odd.descriptor.eeg.rawCoding == nil)
        let block = try odd.readBlock(from: 0, count: 16)
        #expect(block.count == 16 && block.markers.count == 16)
        try odd.checkReadable()
        let empty = try RecordingReader(url: directory.path("no_samples.h5"))
        #expect(empty.sampleCount == 0)
    }

    /// A replay of a recording without samples fails before it announces itself, so a recording
    /// started on it stores nothing.
    @Test func aReplayOfNoSamplesStoresNothing() async throws {
        let data = try TemporaryDirectory("replay-empty")
        let store = try DataStore(root: data.url)
        let directory = try Self.malformed()
        let reader = try RecordingReader(url: directory.path("no_samples.h5"))
        let controller = DataController(source: ReplaySource(recording: reader, configuration: .init(pacing: .asFastAsPossible)))
        let recording = try await RecordingInProgress.start(
            store: store, controller: controller, request: RecordingRequest(participant: UUID().uuidString, duration: 1))
        try await controller.start()
        await #expect(throws: DataSourceError.self) { _ = try await recording.result() }
        await controller.stop()
        let stored = try FileManager.default.subpathsOfDirectory(atPath: data.url.path).filter { $0.hasSuffix(".h5") }
        #expect(stored.isEmpty, "\(stored)")
    }
}
