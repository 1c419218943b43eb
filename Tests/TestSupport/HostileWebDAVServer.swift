public import Foundation

/// A WebDAV server on 127.0.0.1 that a participant uploads to and `collect` reads from, and that plays
/// the attacks and faults of a server nobody on the lab's side controls (Tests/Servers/
/// hostile_dav_server.py): names that decode to paths or hold control characters, downloads and
/// listings without end, stalls, redirects, and dying part way through a run. The attacks are
/// switched between requests with ``play(_:)``.
public final class HostileWebDAVServer: @unchecked Sendable {
    /// An entry the server lists and serves besides its folder's files.
    public struct Extra: Sendable {
        /// The participant folder it is listed in.
        public var folder: String
        /// Its name as the server's upload account made it: any string.
        public var name: String
        /// What a GET of it answers.
        public var data: Data
        /// The size the listing gives, when it lies.
        public var listedSize: Int64?
        /// How long ago it was last modified, in seconds.
        public var age: Double

        public init(folder: String, name: String, data: Data, listedSize: Int64? = nil, age: Double = 0) {
            self.folder = folder
            self.name = name
            self.data = data
            self.listedSize = listedSize
            self.age = age
        }
    }

    /// What a GET of one file answers.
    public enum GetAttack: Sendable {
        /// 200 with `Content-Length: 10 GiB` and zeros without end.
        case endless
        /// Never answered.
        case stall
        /// 302 to another host.
        case redirect
        /// This HTTP status.
        case status(Int)
    }

    /// What a PROPFIND of one folder answers.
    public enum ListingAttack: String, Sendable {
        /// A multistatus without end, as fast as it is read.
        case endless
        /// A multistatus without end, a little faster than curl's low-speed limit.
        case trickle
    }

    /// The attacks in force.
    public struct Attacks: Sendable {
        public var extra: [Extra] = []
        /// By `<folder>/<name>`.
        public var get: [String: GetAttack] = [:]
        /// By folder (`""` for the root).
        public var listing: [String: ListingAttack] = [:]
        /// After this many GETs the server exits.
        public var dieAfterGets: Int?

        public init(extra: [Extra] = [], get: [String: GetAttack] = [:], listing: [String: ListingAttack] = [:], dieAfterGets: Int? = nil) {
            self.extra = extra
            self.get = get
            self.listing = listing
            self.dieAfterGets = dieAfterGets
        }
    }

    /// The folder the server serves (participant folders of uploads).
    public let root: URL
    /// The server's port.
    public private(set) var port: Int
    private let folder: TemporaryDirectory
    private let attacksFile: URL
    private var process: ServerProcess?

    /// Starts a server over an empty folder with no attack.
    public init() throws {
        folder = try TemporaryDirectory("hostile-dav")
        root = folder.path("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        attacksFile = folder.path("attacks.json")
        port = 0
        try play(Attacks())
        try start()
    }

    /// Starts (or restarts, after it died) the server on a free port.
    public func start() throws {
        guard let python = ProjectPaths.python else { throw TestToolError.missing(".venv python") }
        process?.stop()
        port = try FreePort.loopback()
        process = try ServerProcess(
            python,
            [
                ProjectPaths.root.appendingPathComponent("Tests/Servers/hostile_dav_server.py").path, "--port", "\(port)", "--root", root.path,
                "--attacks", attacksFile.path,
            ],
            port: port, logFile: folder.path("server-\(port).log"))
    }

    /// Plays `attacks` from the next request on.
    public func play(_ attacks: Attacks) throws {
        var json: [String: Any] = [:]
        json["extra"] = attacks.extra.map { e -> [String: Any] in
            var entry: [String: Any] = ["folder": e.folder, "name": e.name, "data": e.data.base64EncodedString(), "age": e.age]
            if let listed = e.listedSize { entry["listedSize"] = listed }
            return entry
        }
        json["get"] = attacks.get.mapValues { attack -> String in
            switch attack {
            case .endless: "endless"
            case .stall: "stall"
            case .redirect: "redirect"
            case .status(let code): "status \(code)"
            }
        }
        json["propfind"] = attacks.listing.mapValues(\.rawValue)
        if let die = attacks.dieAfterGets { json["dieAfterGets"] = die }
        let data = try JSONSerialization.data(withJSONObject: json)
        try data.write(to: attacksFile, options: .atomic)
    }

    /// The server's URL.
    public var baseURL: String { "http://127.0.0.1:\(port)/" }

    /// Whether the server process is still running.
    public var isRunning: Bool { ServerProcess.accepts(port: port) }

    /// Stops the server.
    public func stop() { process?.stop() }

    deinit { process?.stop() }
}
