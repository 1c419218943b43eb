import Foundation
import TestSupport
import Testing

/// The test servers' ports are claimed across processes: a port handed to one test process is taken
/// for every other (the race that once sent one copy's upload to the other copy's server).
@Suite(.tags(.python), .enabled(if: Executables.available([], python: true)))
struct FreePortTests {
    /// Whether another process can claim `port` (binds the same abstract socket name FreePort uses).
    static func claimableElsewhere(_ port: Int) throws -> Bool {
        let script = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            try:
                s.bind("\\0study-recorder-test-port-" + sys.argv[1])
                print("free")
            except OSError:
                print("taken")
            """
        return try PythonTool.run(script: script, arguments: ["\(port)"]).trimmingCharacters(in: .whitespacesAndNewlines) == "free"
    }

    @Test func aPortHandedOutIsTakenForEveryOtherProcess() throws {
        let port = try FreePort.loopback()
        #expect(try !Self.claimableElsewhere(port))
        // A port nobody claimed is free: the check can tell the two apart.
        #expect(try Self.claimableElsewhere(1))
    }

    @Test func portsHandedOutAreDistinct() throws {
        let ports = try (0..<20).map { _ in try FreePort.loopback() }
        #expect(Set(ports).count == ports.count)
    }
}
