public import Foundation
import Storage

/// Everything the transfer needs to know, except secrets: where to upload, how to reach the server,
/// the e-mail fallback, where announcements are, and the encryption policy. Loaded from a JSON file
/// (`<data>/transfer.json` or `--config FILE`); relative file paths in it are resolved against the
/// folder holding that file. Secrets (user names, passwords) live in ``TransferSecrets``.
///
/// ```json
/// {
///   "webdav": { "url": "https://dav.example.org/upload/", "caFile": "ca.pem" },
///   "encryption": { "mode": "at-rest", "keyFile": "study-key.asc",
///                   "fingerprint": "3F2A 9C1B …", "armored": false },
///   "email": { "url": "smtp://mail.example.org:587", "from": "device@example.org",
///              "to": ["study@example.org"], "afterFailures": 3 },
///   "announcements": { "url": "https://dav.example.org/download/" },
///   "secretsFile": "private/transfer-secrets.json"
/// }
/// ```
package struct TransferConfiguration: Sendable, Codable, Equatable {
    /// The WebDAV upload location (an upload-only account is enough).
    package var webdav: WebDAVSettings?
    /// The e-mail fallback, used when WebDAV keeps failing (or is not configured).
    package var email: EmailSettings?
    /// The read-only location of `message.json` announcements.
    package var announcements: AnnouncementSettings?
    /// How data are encrypted.
    package var encryption: EncryptionSettings
    /// Retry timing after failures.
    package var backoff: BackoffPolicy
    /// The secrets file (mode 0600), relative to the configuration's folder unless absolute.
    package var secretsFile: String?

    /// A configuration; everything optional is off.
    package init(
        webdav: WebDAVSettings? = nil, email: EmailSettings? = nil, announcements: AnnouncementSettings? = nil,
        encryption: EncryptionSettings = EncryptionSettings(), backoff: BackoffPolicy = BackoffPolicy(), secretsFile: String? = nil
    ) {
        self.webdav = webdav
        self.email = email
        self.announcements = announcements
        self.encryption = encryption
        self.backoff = backoff
        self.secretsFile = secretsFile
    }

    private enum CodingKeys: String, CodingKey { case webdav, email, announcements, encryption, backoff, secretsFile }

    /// Decodes a configuration; missing sections are off (encryption `none`, default backoff).
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        webdav = try c.decodeIfPresent(WebDAVSettings.self, forKey: .webdav)
        email = try c.decodeIfPresent(EmailSettings.self, forKey: .email)
        announcements = try c.decodeIfPresent(AnnouncementSettings.self, forKey: .announcements)
        encryption = try c.decodeIfPresent(EncryptionSettings.self, forKey: .encryption) ?? EncryptionSettings()
        backoff = try c.decodeIfPresent(BackoffPolicy.self, forKey: .backoff) ?? BackoffPolicy()
        secretsFile = try c.decodeIfPresent(String.self, forKey: .secretsFile)
    }

    /// Reads and checks the configuration file at `url`; relative paths in it are made absolute against
    /// its folder. Any problem is a ``TransferError/configuration(_:)`` naming the file.
    package static func load(from url: URL) throws -> TransferConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TransferError.configuration("cannot read \(url.path): \((error as NSError).localizedDescription)")
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            guard let at = JSONSyntaxPosition(of: error, in: data) else {
                throw TransferError.configuration("\(url.path) is not valid JSON: \((error as NSError).localizedDescription)")
            }
            throw TransferError.configuration("\(url.path):\(at.line):\(at.column): not valid JSON: \(at.reason.lowercased())")
        }
        let unknown = ConfigurationSchema.unknownKeys(in: json)
        if !unknown.isEmpty {
            throw TransferError.configuration(
                "\(url.path): unknown key\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", ")) (misspelt? see docs/operations.md)")
        }
        var configuration: TransferConfiguration
        do {
            configuration = try JSONDecoder().decode(TransferConfiguration.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw TransferError.configuration("\(url.path) is not valid JSON: \(context.debugDescription)")
        } catch let DecodingError.keyNotFound(key, context) {
            throw TransferError.configuration("\(url.path): missing \(Self.path(context.codingPath + [key]))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw TransferError.configuration("\(url.path): wrong type at \(Self.path(context.codingPath))")
        } catch let DecodingError.valueNotFound(_, context) {
            throw TransferError.configuration("\(url.path): missing value at \(Self.path(context.codingPath))")
        } catch {
            throw TransferError.configuration("\(url.path): \(error)")
        }
        configuration.resolvePaths(against: url.deletingLastPathComponent())
        do {
            try configuration.validate()
        } catch let error as TransferError where error.code == .configuration {
            throw TransferError.configuration("\(url.path): \(error.message)")
        }
        return configuration
    }

    /// Makes relative file paths absolute against `folder`.
    package mutating func resolvePaths(against folder: URL) {
        func absolute(_ path: String?) -> String? {
            guard let path, !path.isEmpty, !path.hasPrefix("/") else { return path }
            return folder.appendingPathComponent(path).standardizedFileURL.path
        }
        if var w = webdav { w.connection.caFile = absolute(w.connection.caFile); webdav = w }
        if var e = email { e.connection.caFile = absolute(e.connection.caFile); email = e }
        if var a = announcements {
            a.connection.caFile = absolute(a.connection.caFile)
            a.signingKeyFile = absolute(a.signingKeyFile)
            announcements = a
        }
        encryption.policy.keyFile = absolute(encryption.policy.keyFile)
        secretsFile = absolute(secretsFile)
    }

    /// Checks what the types cannot: URLs, time limits, a key when encryption is required, and that no
    /// password would travel in the clear. Messages name the offending key.
    package func validate() throws {
        if let webdav {
            _ = try WebDAVClient(base: webdav.url, credentials: nil)
            try Self.refusePlainHTTP(webdav.url, key: "webdav.url")
        }
        if let announcements {
            _ = try WebDAVClient(base: announcements.url, credentials: nil)
            try Self.refusePlainHTTP(announcements.url, key: "announcements.url")
            if (announcements.signingKeyFile == nil) != (announcements.signingFingerprint == nil) {
                throw TransferError.configuration(
                    "announcements.signingKeyFile and announcements.signingFingerprint go together: give both or neither")
            }
        }
        if let email { try email.validate() }
        for (section, settings) in [("webdav", webdav?.connection), ("email", email?.connection), ("announcements", announcements?.connection)] {
            try settings?.validate(section: section)
        }
        try backoff.validate()
        if encryption.policy.mode != .none {
            guard encryption.policy.keyFile?.isEmpty == false else {
                throw TransferError.configuration("encryption.mode is \(encryption.policy.mode.rawValue) but encryption.keyFile is missing")
            }
            guard encryption.policy.fingerprint?.isEmpty == false else {
                throw TransferError.configuration("encryption.mode is \(encryption.policy.mode.rawValue) but encryption.fingerprint is missing")
            }
        }
        for settings in [webdav?.connection, email?.connection, announcements?.connection].compactMap({ $0 }) {
            if let ca = settings.caFile, !FileManager.default.isReadableFile(atPath: ca) {
                throw TransferError.configuration("the CA file \(ca) cannot be read")
            }
        }
    }

    /// Hosts for which plain http is accepted: the machine itself (a local test server or an SSH
    /// tunnel), where nothing crosses a network.
    static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "::1", "[::1]"]

    /// Refuses an `http://` URL to another machine: accounts log in with HTTP Basic, which sends the
    /// password readable by anyone on the way.
    static func refusePlainHTTP(_ url: String, key: String) throws {
        guard let c = URLComponents(string: url), c.scheme?.lowercased() == "http", !loopbackHosts.contains(c.host?.lowercased() ?? "") else {
            return
        }
        throw TransferError.configuration(
            "\(key) is plain http to \(c.host ?? url): the password (HTTP Basic) and the data would travel unencrypted; use https")
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
