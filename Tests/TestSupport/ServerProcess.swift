public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A server a test started: its PID is recorded, it is known to answer on its port, and it is stopped
/// (SIGTERM, then SIGKILL) when ``stop()`` is called or the value is dropped. The server scripts also
/// exit by themselves when the test process dies.
public final class ServerProcess {
    /// The server's process ID.
    public let pid: Int32
    /// The loopback port it listens on.
    public let port: Int
    /// Where its standard output and error go.
    public let logFile: URL
    private let process: Process

    /// Starts `executable` with `arguments` and waits (up to `timeout` seconds) until 127.0.0.1:`port`
    /// accepts connections, or `readyCheck` returns true when given.
    public init(
        _ executable: URL, _ arguments: [String], port: Int, logFile: URL, timeout: TimeInterval = 15,
        readyCheck: (() -> Bool)? = nil
    ) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let log = try FileHandle(forWritingTo: logFile)
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.runWithTerminationSignals()
        self.process = process
        self.pid = process.processIdentifier
        self.port = port
        self.logFile = logFile
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard process.isRunning else { break }
            if readyCheck?() ?? Self.accepts(port: port) { return }
            usleep(50_000)
        }
        stop()
        let output = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        throw TestToolError.serverDidNotStart("\(executable.lastPathComponent) \(arguments.joined(separator: " ")): \(output.suffix(2000))")
    }

    /// Stops the server and waits for it to exit.
    public func stop() {
        guard process.isRunning else { return }
        kill(pid, SIGTERM)
        for _ in 0..<40 where process.isRunning { usleep(50_000) }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }

    /// True when something accepts TCP connections on 127.0.0.1:`port`.
    public static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}
