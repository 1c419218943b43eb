import DataSources
import Testing

@testable import RecordingPipeline

/// Which `disconnected` flips are link losses: the bridge may read the controller's events long after
/// they happened (an unpaced source can deliver a whole recording before they are read), so the
/// decision must rest on where a flip stands in the stream, not on when it is read.
struct LiveRecordingBridgeTests {
    static let device = DeviceDescriptor(
        kind: "test", manufacturer: "m", model: "m",
        streams: [StreamDescriptor(name: "eeg", kind: .eeg, channelLabels: ["A"], unit: "uV", samplingRate: 256)])

    static func block(_ first: Int64, _ count: Int) -> DataEvent {
        .samples(
            SampleBlock(
                stream: "eeg", firstIndex: first, channelCount: 1, values: [Double](repeating: 0, count: count),
                times: (0..<count).map { Double(first) / 256 + Double($0) / 256 }))
    }

    static func flip(_ value: Bool, at time: Double) -> DataEvent {
        .state(DeviceStateChange(state: .disconnected, value: value, time: time))
    }

    /// Runs `script` through a bridge and gives the connection states it reported.
    static func connections(_ script: (LiveRecordingBridge) -> Void) async throws -> [String] {
        let (stream, continuation) = AsyncThrowingStream<LiveRecordingEvent, any Error>.makeStream()
        let bridge = LiveRecordingBridge(continuation: continuation, progressInterval: 1)
        bridge.device(.started(device, ClockAnchor(monotonic: 0, utc: 0)))
        script(bridge)
        continuation.finish()
        var states: [String] = []
        for try await event in stream {
            if case .connection(let state) = event { states.append(state.rawValue) }
        }
        return states
    }

    @Test func aLinkLossReadAfterTheRecordingWasStoredIsStillALinkLoss() async throws {
        let states = try await Self.connections { bridge in
            bridge.device(Self.block(0, 512))
            // The recording (rows 0..<1024) is stored before this subscription reads the rest.
            bridge.finishing(recordedEnd: 1024)
            bridge.device(Self.flip(true, at: 2))
            bridge.device(Self.flip(false, at: 3))
            bridge.device(.state(DeviceStateChange(state: .reconnected, value: true, time: 3)))
            bridge.device(Self.block(512, 512))
            // After the last row: the end of the run.
            bridge.device(Self.flip(true, at: 5))
        }
        #expect(states == ["connected", "reconnecting", "connected"])
    }

    @Test func theControllersClosingFlipIsTheEndEvenBeforeTheRecordingIsStored() async throws {
        let states = try await Self.connections { bridge in
            bridge.device(Self.block(0, 256))
            bridge.device(Self.flip(true, at: 1), ending: true)
        }
        #expect(states == ["connected"])
    }
}
