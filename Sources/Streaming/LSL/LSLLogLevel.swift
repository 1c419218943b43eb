import Foundation

/// How loud liblsl's own log is. liblsl writes INFO lines ("Loaded default config", "Configuration
/// loaded from …") to standard error of every program that loads it; in a recorder's terminal or a
/// cron log they read as ours. So liblsl logs at ERROR unless the user's own liblsl configuration
/// sets a `[log] level`: the configuration liblsl would read (`LSLAPICFG`, `./lsl_api.cfg`,
/// `~/lsl_api/lsl_api.cfg`, `/etc/lsl_api/lsl_api.cfg`, in liblsl's order) is handed to it with
/// `level = -2` added when it has none.
enum LSLLogLevel {
    /// liblsl's ERROR verbosity (loguru's scale: -2 errors only, 0 INFO).
    static let quiet = -2

    /// The configuration text to give liblsl (`lsl_set_config_content`) before its first use, or
    /// `nil` to leave liblsl to read its configuration itself (the user's sets a log level).
    static func configuration(userConfiguration: String?) -> String? {
        guard let text = userConfiguration else { return "[log]\nlevel = \(quiet)\n" }
        if setsLevel(text) { return nil }
        return text + (text.hasSuffix("\n") || text.isEmpty ? "" : "\n") + "\n[log]\nlevel = \(quiet)\n"
    }

    /// Whether an INI text sets `level` in its `[log]` section.
    static func setsLevel(_ text: String) -> Bool {
        var section = ""
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix(";") || line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                section = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces).lowercased()
            } else if section == "log", line.split(separator: "=").first?.trimmingCharacters(in: .whitespaces).lowercased() == "level" {
                return true
            }
        }
        return false
    }

    /// The text of the configuration file liblsl would read, in its order; `nil` when there is none.
    static func userConfiguration(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        var paths: [String] = []
        if let path = environment["LSLAPICFG"], !path.isEmpty { paths.append(path) }
        paths.append(FileManager.default.currentDirectoryPath + "/lsl_api.cfg")
        if let home = environment["HOME"], !home.isEmpty { paths.append(home + "/lsl_api/lsl_api.cfg") }
        paths.append("/etc/lsl_api/lsl_api.cfg")
        for path in paths {
            if let data = FileManager.default.contents(atPath: path) { return String(decoding: data, as: UTF8.self) }
        }
        return nil
    }
}
