import Foundation

/// The e-mail fallback: items are mailed as attachments when WebDAV keeps failing.
package struct EmailSettings: Sendable, Codable, Equatable {
    /// The SMTP server, e.g. `smtp://mail.example.org:587` (STARTTLS) or `smtps://…:465`.
    package var url: String
    /// The sender address.
    package var from: String
    /// The recipients.
    package var to: [String]
    /// The subject line (no participant data belongs here).
    package var subject: String
    /// The largest message to send, in bytes, after base64; items are split across messages under it.
    package var maxMessageBytes: Int
    /// After how many failed WebDAV attempts an item is mailed (0: mail right away).
    package var afterFailures: Int
    /// Require STARTTLS (default true); a relay without TLS needs this set to false explicitly.
    package var requireTLS: Bool
    /// Certificate checks and time limits.
    package var connection: ConnectionSettings

    /// Settings for a server; STARTTLS required, 10 MB messages, after 3 WebDAV failures.
    package init(
        url: String, from: String, to: [String], subject: String = "[StudyRecorder] Files", maxMessageBytes: Int = 10_000_000,
        afterFailures: Int = 3, requireTLS: Bool = true, connection: ConnectionSettings = ConnectionSettings()
    ) {
        self.url = url
        self.from = from
        self.to = to
        self.subject = subject
        self.maxMessageBytes = maxMessageBytes
        self.afterFailures = afterFailures
        self.requireTLS = requireTLS
        self.connection = connection
    }

    private enum CodingKeys: String, CodingKey { case url, from, to, subject, maxMessageBytes, afterFailures, requireTLS }

    /// Decodes the settings; the connection fields sit next to `url`.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        url = try c.decode(String.self, forKey: .url)
        from = try c.decode(String.self, forKey: .from)
        to = try c.decode([String].self, forKey: .to)
        subject = try c.decodeIfPresent(String.self, forKey: .subject) ?? "[StudyRecorder] Files"
        maxMessageBytes = try c.decodeIfPresent(Int.self, forKey: .maxMessageBytes) ?? 10_000_000
        afterFailures = try c.decodeIfPresent(Int.self, forKey: .afterFailures) ?? 3
        requireTLS = try c.decodeIfPresent(Bool.self, forKey: .requireTLS) ?? true
        connection = try ConnectionSettings(from: decoder)
    }

    /// Encodes the settings flat, as they are read.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(url, forKey: .url)
        try c.encode(from, forKey: .from)
        try c.encode(to, forKey: .to)
        try c.encode(subject, forKey: .subject)
        try c.encode(maxMessageBytes, forKey: .maxMessageBytes)
        try c.encode(afterFailures, forKey: .afterFailures)
        try c.encode(requireTLS, forKey: .requireTLS)
        try connection.encode(to: encoder)
    }

    /// Checks the URL, addresses and limits.
    func validate() throws {
        guard let c = URLComponents(string: url), let scheme = c.scheme?.lowercased(), scheme == "smtp" || scheme == "smtps", c.host?.isEmpty == false
        else {
            throw TransferError.configuration("email.url must be smtp://host[:port] or smtps://host[:port]")
        }
        guard c.user == nil && c.password == nil else {
            throw TransferError.configuration("email.url contains credentials; put them in the secrets file")
        }
        for address in [from] + to where !address.contains("@") || address.contains("<") || address.contains("\n") {
            throw TransferError.configuration("not an e-mail address: \(address)")
        }
        guard !to.isEmpty else { throw TransferError.configuration("email.to is empty") }
        guard maxMessageBytes >= 10_000 else { throw TransferError.configuration("email.maxMessageBytes is too small") }
        guard afterFailures >= 0 else { throw TransferError.configuration("email.afterFailures must be 0 or more, not \(afterFailures)") }
    }
}
