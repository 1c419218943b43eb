import Testing

@testable import Streaming

struct StreamTargetTests {
    @Test func parsesEveryForm() throws {
        #expect(try StreamTarget(parsing: "lsl") == .lsl)
        #expect(try StreamTarget(parsing: "LSL") == .lsl)
        #expect(try StreamTarget(parsing: "osc") == .osc(host: "127.0.0.1", port: 5000))
        #expect(try StreamTarget(parsing: "osc:9000") == .osc(host: "127.0.0.1", port: 9000))
        #expect(try StreamTarget(parsing: "osc:studio.local:7000") == .osc(host: "studio.local", port: 7000))
        #expect(try StreamTarget(parsing: "osc:[::1]:7000") == .osc(host: "::1", port: 7000))
        #expect(StreamTarget.osc(host: "::1", port: 7000).description == "osc:[::1]:7000")
    }

    @Test func refusesWhatIsNoTarget() {
        for bad in ["", "udp", "osc:", "osc:0", "osc:host:70000", "osc:host:", "osc::5000", "oscx"] {
            #expect(throws: StreamTargetError.self, "\(bad)") { try StreamTarget(parsing: bad) }
        }
    }
}
