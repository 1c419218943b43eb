import DataSources
import Testing

@testable import Muse

/// How a Muse source tells a real headband from the simulator (docs/muse.md, Provenance): a Unix
/// socket is always a simulated headband, the simulator's own `sim` field names a replayed capture,
/// and only a Bluetooth headband without that field is a headband.
struct MuseStatusOriginTests {
    @Test func theAddressAndTheSimulatorsFieldDecide() throws {
        let bluetooth = try DeviceAddress(parsing: "00:55:DA:B0:13:24")
        let socket = try DeviceAddress(parsing: "unix:/tmp/muse.sock")
        let real = try #require(MuseStatus(json: #"{"hn":"Muse-1324","sn":"2031-TZRW-1324","bp":82,"rc":0}"#))
        #expect(real.origin(at: bluetooth) == .headband)
        #expect(real.origin(at: socket) == .simulatedHeadband, "only the simulator serves a socket")
        let generated = try #require(MuseStatus(json: #"{"hn":"Muse-1324","sn":"SIM-1","rc":0,"sim":"generated"}"#))
        #expect(generated.origin(at: socket) == .simulatedHeadband && generated.origin(at: bluetooth) == .simulatedHeadband)
        let replay = try #require(MuseStatus(json: #"{"hn":"Muse-1324","sn":"SIM-1","rc":0,"sim":"replay"}"#))
        #expect(replay.origin(at: socket) == .replayedCapture)
    }
}
