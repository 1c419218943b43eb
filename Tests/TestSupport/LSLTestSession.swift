import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The Lab Streaming Layer session of this test process. LSL streams are visible to every process on
/// the machine, so two copies of the suite (or a suite and a user's LabRecorder) would resolve each
/// other's outlets; liblsl only resolves streams of its own session (`[lab] SessionID`), so each test
/// process writes its own copy of the loopback-only configuration (Tests/Servers/lsl_loopback.cfg)
/// with a session of its own and points `LSLAPICFG` at it: in its own environment (set before liblsl
/// is first loaded in the process) and in every child's (``environment``).
public enum LSLTestSession {
    /// The session id: unique to this test process.
    public static let id = "studyrecorder-tests-\(getpid())-\(UUID().uuidString.prefix(8))"

    /// The path of this process's configuration (written on first use, removed at exit), also set as
    /// `LSLAPICFG` in this process's environment.
    public static let configPath: String = {
        let template = ProjectPaths.root.appendingPathComponent("Tests/Servers/lsl_loopback.cfg")
        let text = (try? String(contentsOf: template, encoding: .utf8)) ?? "[lab]\n"
        let path = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("sr-lsl-\(id).cfg").path
        try? withSession(text).write(toFile: path, atomically: true, encoding: .utf8)
        setenv("LSLAPICFG", path, 1)
        atexit { unlink(LSLTestSession.configPathIfWritten) }
        configPathIfWritten = path
        return path
    }()

    nonisolated(unsafe) private static var configPathIfWritten = ""

    /// The configuration `text` with `SessionID = id` in its `[lab]` section (added when missing).
    static func withSession(_ text: String) -> String {
        var lines = text.components(separatedBy: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("SessionID") }
        if let lab = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "[lab]" }) {
            lines.insert("SessionID = \(id)", at: lab + 1)
        } else {
            lines += ["[lab]", "SessionID = \(id)"]
        }
        return lines.joined(separator: "\n")
    }

    /// This process's environment with `LSLAPICFG` set to this process's session and without
    /// `LSL_LIB`: for children (the CLI, pylsl scripts) that open LSL streams or resolve them.
    public static var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["LSLAPICFG"] = configPath
        env.removeValue(forKey: "LSL_LIB")
        return env
    }
}
