import Foundation
import TestSupport
import Testing

extension StreamCLITests {
    /// The Muse path in real time: a real pylsl inlet never receives a sample stamped after the
    /// moment it pulled it (`local_clock() − timestamp ≥ 0` for every chunk). Times paired with a
    /// packet's first sample were 43 ms in the future (measured 41.7 ms median).
    @Test func museSamplesReachAnLSLInletNeverAheadOfItsClock() async throws {
        let dir = try TemporaryDirectory("stream-muse")
        let headband = try MuseCLITests.Headband(speed: 1)
        let receiver = try await Receiver(in: dir, arguments: ["--lsl", "EEG"])
        let result = try CLI.run(
            ["record", "--source", "muse", "--device", headband.device, "--data", dir.url.path, "--duration", "5s", "--stream", "lsl", "--json"],
            environment: Self.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let received = try await receiver.result()
        let eeg = try #require(received.lsl["EEG"])
        let lags = (eeg.lags ?? []).sorted()
        #expect(eeg.timestamps.count >= 600 && !lags.isEmpty, "\(eeg.timestamps.count) samples")
        #expect((eeg.max_ahead ?? 1) <= 0, "a chunk's newest sample was \(eeg.max_ahead ?? .nan) s ahead of local_clock()")
        #expect(lags.allSatisfy { $0 >= 0 })
    }
}
