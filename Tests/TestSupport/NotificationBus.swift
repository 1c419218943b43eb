public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A private D-Bus session bus for tests: a real `dbus-daemon` listening on a Unix socket in a short
/// folder under /tmp, with its own configuration (no service activation, so nothing of the machine's
/// starts on it), and on it, unless asked not to, python-dbusmock's `notification_daemon` template
/// (Debian's python3-dbusmock, run with /usr/bin/python3) as the notification server. Point a
/// program's `DBUS_SESSION_BUS_ADDRESS` at ``address``; ``notifications()`` lists the `Notify` calls
/// the server received (dbusmock's `GetCalls`). Both processes are stopped by ``stop()`` or when the
/// value is dropped.
public final class NotificationBus: @unchecked Sendable {
    /// One `org.freedesktop.Notifications.Notify` call the server received.
    public struct NotifyCall: Decodable, Sendable, Hashable {
        public var app: String
        public var replacesID: UInt32
        public var icon: String
        public var title: String
        public var text: String
        public var expireTimeout: Int32

        public init(app: String, replacesID: UInt32, icon: String, title: String, text: String, expireTimeout: Int32) {
            self.app = app
            self.replacesID = replacesID
            self.icon = icon
            self.title = title
            self.text = text
            self.expireTimeout = expireTimeout
        }
    }

    /// The bus address, for `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    private let folder: ShortSocketDirectory
    private var processes: [Process] = []

    /// Whether this machine has the tools (scripts/bootstrap installs them).
    public static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock/templates/notification_daemon.py")
    }

    /// Starts the bus and, when `notificationServer`, the mock notification server on it; returns once
    /// both answer (at most `timeout` seconds each).
    public init(notificationServer: Bool = true, timeout: TimeInterval = 15) throws {
        folder = try ShortSocketDirectory()
        let socket = folder.socket("bus")
        address = "unix:path=\(socket)"
        let config = URL(fileURLWithPath: folder.path).appendingPathComponent("session.conf")
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>\(address)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        try start("/usr/bin/dbus-daemon", ["--config-file=\(config.path)", "--nofork", "--nopidfile"], log: "dbus-daemon.log")
        try waitUntil(timeout, "dbus-daemon listening on \(socket)") { FileManager.default.fileExists(atPath: socket) }
        if notificationServer {
            try start(
                "/usr/bin/python3", ["-m", "dbusmock", "--template", "notification_daemon", "-l", folder.path + "/dbusmock-calls.log"],
                log: "dbusmock.log", environment: ["DBUS_SESSION_BUS_ADDRESS": address])
            try waitUntil(timeout, "dbusmock owning org.freedesktop.Notifications") { (try? self.serverIsUp()) == true }
        }
    }

    /// The `Notify` calls the mock notification server received, in order.
    public func notifications() throws -> [NotifyCall] {
        let script = """
            import dbus, json, sys
            bus = dbus.bus.BusConnection(sys.argv[1])
            server = bus.get_object('org.freedesktop.Notifications', '/org/freedesktop/Notifications')
            calls = server.GetCalls(dbus_interface='org.freedesktop.DBus.Mock')
            print(json.dumps([{"app": str(a[0]), "replacesID": int(a[1]), "icon": str(a[2]), "title": str(a[3]),
                               "text": str(a[4]), "expireTimeout": int(a[7])} for (_, m, a) in calls if m == 'Notify']))
            """
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, address])
        guard result.status == 0 else { throw TestToolError.serverDidNotStart("dbusmock GetCalls: \(result.stderr)") }
        return try JSONDecoder().decode([NotifyCall].self, from: Data(result.stdout.utf8))
    }

    /// Stops the mock server and the bus.
    public func stop() {
        for process in processes.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            for _ in 0..<40 where process.isRunning { usleep(50_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        processes = []
    }

    deinit { stop() }

    /// Whether `org.freedesktop.Notifications` has an owner on the bus.
    private func serverIsUp() throws -> Bool {
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/dbus-send"),
            [
                "--bus=\(address)", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.Notifications",
            ])
        return result.status == 0 && result.stdout.contains("boolean true")
    }

    private func start(_ executable: String, _ arguments: [String], log: String, environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let logFile = URL(fileURLWithPath: folder.path).appendingPathComponent(log)
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let handle = try FileHandle(forWritingTo: logFile)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.runWithTerminationSignals()
        processes.append(process)
    }

    private func waitUntil(_ timeout: TimeInterval, _ what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return }
            if processes.contains(where: { !$0.isRunning }) { break }
            usleep(50_000)
        }
        let logs = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasSuffix(".log") }
            .compactMap { try? String(contentsOfFile: folder.path + "/" + $0, encoding: .utf8) }.joined(separator: "\n") ?? ""
        stop()
        throw TestToolError.serverDidNotStart("\(what): \(logs.suffix(2000))")
    }
}
