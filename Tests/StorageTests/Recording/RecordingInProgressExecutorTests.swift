import DataSources
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Storage

/// The recording's writing task runs on the blocking executor: its HDF5 appends, journal syncs and
/// catalog updates never hold a thread of the cooperative pool (docs/decisions/0008).
struct RecordingInProgressExecutorTests {
    /// A producer that notes, for every block it is handed inside the writer, whether that call ran
    /// on a thread of ``BlockingExecutor/shared``.
    struct ThreadProbe: DerivedSeriesProducer {
        let box: Box
        var group: String { "Probe" }
        var groupAttributes: [String: MetadataValue] { [:] }
        mutating func start(_ descriptor: DeviceDescriptor) { box.calls.withLock { $0.append(BlockingExecutor.shared.isCurrentThread) } }
        mutating func process(_ block: SampleBlock) -> [DerivedSeriesRow] {
            box.calls.withLock { $0.append(BlockingExecutor.shared.isCurrentThread) }
            return []
        }

    }

    /// What the probe noted, shared with the test.
    final class Box: Sendable {
        let calls = Mutex<[Bool]>([])
    }

    @Test func theWriterRunsOnTheBlockingExecutor() async throws {
        let data = try TemporaryDirectory("writer-executor")
        let store = try DataStore(root: data.url)
        let controller = DataController(source: OscillatorSource(configuration: .init(pacing: .speed(20))))
        let box = Box()
        let recording = try await RecordingInProgress.start(
            store: store, controller: controller, request: RecordingRequest(participant: UUID().uuidString, duration: 1),
            derived: ThreadProbe(box: box))
        try await controller.start()
        let item = try await recording.result()
        await controller.stop()
        let calls = box.calls.withLock { $0 }
        #expect(calls.count > 2, "start and some blocks")
        #expect(calls.allSatisfy { $0 }, "\(calls)")
        #expect(FileManager.default.fileExists(atPath: store.url(of: item.path).path))
    }
}
