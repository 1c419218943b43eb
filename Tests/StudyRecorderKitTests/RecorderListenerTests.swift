import Foundation
import StudyRecorderKit
import StudyRecorderTesting
import Synchronization
import TestSupport
import Testing

@Suite struct RecorderListenerTests {
    final class Kiosk: RecorderListener {
        let calls = Mutex<[String]>([])
        func recorder(connectionChanged state: ConnectionState) { calls.withLock { $0.append("connection \(state.rawValue)") } }
        func recorder(qaChanged status: QAStatus) { calls.withLock { $0.append("qa \(status.verdict.rawValue)") } }
        func recorder(stored item: CatalogItem) { calls.withLock { $0.append("stored") } }
        func recorder(failed error: any Error) { calls.withLock { $0.append("failed \((error as? RecorderError)?.code.name ?? "?")") } }
    }

    @Test func aListenerGetsTheSessionInOrder() async throws {
        let folder = try TemporaryDirectory("listener")
        let recorder = try await Recorder(dataFolder: folder.url)
        let recording = try await recorder.record(
            RecordingRequest(participant: try recorder.participant()), from: ScriptedSource(script: [.signal(seconds: 6, amplitude: 10)]))
        let kiosk = Kiosk()
        await recording.deliver(to: kiosk).value
        #expect(kiosk.calls.withLock { $0 } == ["connection connecting", "connection connected", "qa passed", "connection disconnected", "stored"])
    }

    @Test func aListenerHearsAFailure() async throws {
        let folder = try TemporaryDirectory("listener")
        let recorder = try await Recorder(dataFolder: folder.url)
        let recording = try await recorder.record(
            RecordingRequest(participant: try recorder.participant()), from: ScriptedSource(script: [.fail(.deviceNotFound("gone"))]))
        let kiosk = Kiosk()
        await recording.deliver(to: kiosk).value
        #expect(kiosk.calls.withLock { $0 }.last == "failed source-failed")
    }
}
