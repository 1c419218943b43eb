public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The accounts' user names and passwords, from a JSON file only its owner may read (mode 0600) or
/// from the environment (`STUDY_RECORDER_WEBDAV_USER` / `_PASSWORD`, `STUDY_RECORDER_SMTP_USER` /
/// `_PASSWORD`, `STUDY_RECORDER_ANNOUNCEMENTS_USER` / `_PASSWORD`), which wins over the file. Never
/// from the command line, never logged.
///
/// ```json
/// { "webdav": { "user": "upload-7", "password": "…" },
///   "smtp": { "user": "…", "password": "…" },
///   "announcements": { "user": "download", "password": "…" } }
/// ```
package struct TransferSecrets: Sendable, Equatable {
    /// The upload account.
    package var webdav: Credentials?
    /// The SMTP account (many relays need none).
    package var smtp: Credentials?
    /// The read-only announcements account.
    package var announcements: Credentials?

    /// Secrets given directly (for programs that keep them elsewhere, e.g. a keyring).
    package init(webdav: Credentials? = nil, smtp: Credentials? = nil, announcements: Credentials? = nil) {
        self.webdav = webdav
        self.smtp = smtp
        self.announcements = announcements
    }

    /// Loads the secrets file at `file` (if given and present) and applies `environment` over it. A file
    /// that its group or others can read is refused, naming the file and the fix.
    package static func load(file: URL?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> TransferSecrets {
        var secrets = TransferSecrets()
        if let file, FileManager.default.fileExists(atPath: file.path) {
            var st = stat()
            guard stat(file.path, &st) == 0 else { throw TransferError.configuration("cannot read the secrets file \(file.path)") }
            guard st.st_mode & 0o077 == 0 else {
                throw TransferError.configuration(
                    "the secrets file \(file.path) is readable by others (mode \(String(st.st_mode & 0o777, radix: 8))); run: chmod 600 \(file.path)")
            }
            let data: Data
            do { data = try Data(contentsOf: file) } catch { throw TransferError.configuration("cannot read the secrets file \(file.path)") }
            struct Account: Decodable { var user: String; var password: String }
            struct Stored: Decodable { var webdav: Account?; var smtp: Account?; var announcements: Account? }
            // The decoder's messages could quote values; report only the file name.
            guard let stored = try? JSONDecoder().decode(Stored.self, from: data) else {
                throw TransferError.configuration(
                    "the secrets file \(file.path) is not valid (expected {\"webdav\": {\"user\": …, \"password\": …}, …})")
            }
            secrets.webdav = stored.webdav.map { Credentials(user: $0.user, password: $0.password) }
            secrets.smtp = stored.smtp.map { Credentials(user: $0.user, password: $0.password) }
            secrets.announcements = stored.announcements.map { Credentials(user: $0.user, password: $0.password) }
        }
        func fromEnvironment(_ prefix: String) -> Credentials? {
            guard let user = environment["STUDY_RECORDER_\(prefix)_USER"], let password = environment["STUDY_RECORDER_\(prefix)_PASSWORD"] else {
                return nil
            }
            return Credentials(user: user, password: password)
        }
        secrets.webdav = fromEnvironment("WEBDAV") ?? secrets.webdav
        secrets.smtp = fromEnvironment("SMTP") ?? secrets.smtp
        secrets.announcements = fromEnvironment("ANNOUNCEMENTS") ?? secrets.announcements
        return secrets
    }
}
