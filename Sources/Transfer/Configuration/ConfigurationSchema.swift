import Foundation

/// The keys a transfer configuration file may contain, section by section, so a misspelt key
/// (`stalTimeout`, `webDav`) is an error naming the file and the key instead of a setting that is
/// silently ignored and a default that silently applies.
enum ConfigurationSchema {
    /// Keys shared by every section that reaches a server (``ConnectionSettings``, written flat).
    static let connection: Set<String> = ["caFile", "insecure", "connectTimeout", "stallTimeout", "minimumSpeed"]

    /// The allowed keys of each section; `""` is the top level.
    static let sections: [String: Set<String>] = [
        "": ["webdav", "email", "announcements", "encryption", "backoff", "secretsFile"],
        "webdav": connection.union(["url", "canList"]),
        "email": connection.union(["url", "from", "to", "subject", "maxMessageBytes", "afterFailures", "requireTLS"]),
        "announcements": connection.union(["url", "signingKeyFile", "signingFingerprint"]),
        "encryption": ["mode", "keyFile", "fingerprint", "armored", "allowPlaintextEmail"],
        "backoff": ["initial", "maximum"],
    ]

    /// The dotted paths of keys in `json` (the parsed file) that no section allows, sorted.
    static func unknownKeys(in json: Any) -> [String] {
        guard let top = json as? [String: Any] else { return [] }
        var unknown: [String] = []
        for (key, value) in top {
            guard let allowed = sections[""], allowed.contains(key) else {
                unknown.append(key)
                continue
            }
            guard let section = sections[key], let object = value as? [String: Any] else { continue }
            unknown += object.keys.filter { !section.contains($0) }.map { "\(key).\($0)" }
        }
        return unknown.sorted()
    }
}
