import Glibc
import TestSupport
import Testing

@testable import Muse

struct UnixSeqpacketConnectorTests {
    @Test func missingSocketAndNoListenerAreClearErrors() throws {
        let directory = try ShortSocketDirectory()
        let path = directory.socket("none")
        #expect(throws: TransportError.noSuchSocket(path: path)) { try UnixSeqpacketConnector().connect(path: path) }
        // A socket file nobody listens on: refused.
        let headband = SimulatedHeadband(path: directory.socket("stale"))
        try headband.start()
        headband.stop()
        let fd = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in directory.socket("stale").utf8.enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        #expect(throws: TransportError.socketRefused(path: directory.socket("stale"))) {
            try UnixSeqpacketConnector().connect(path: directory.socket("stale"))
        }
        let long = "/tmp/" + String(repeating: "x", count: 120)
        #expect(throws: TransportError.pathTooLong(path: long)) { try UnixSeqpacketConnector().connect(path: long) }
    }
}
