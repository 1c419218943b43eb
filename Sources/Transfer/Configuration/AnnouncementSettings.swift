/// Where announcements (`message.json`) are read: a separate, read-only location holding public
/// information only.
package struct AnnouncementSettings: Sendable, Codable, Equatable {
    /// The base URL of the download location.
    package var url: String
    /// Certificate checks and time limits.
    package var connection: ConnectionSettings
    /// The study team's public signing key (`signingKeyFile`, relative to the configuration file):
    /// with it, an announcement is shown only with a valid detached signature by that key beside it
    /// (`message.json.sig`, made with `gpg --detach-sign`).
    package var signingKeyFile: String?
    /// The signing key's fingerprint (`signingFingerprint`), pinned: a key file holding another key
    /// is refused.
    package var signingFingerprint: String?

    /// Settings for `url` with verification on; announcements must be signed by the key in
    /// `signingKeyFile` with `signingFingerprint` when both are given.
    package init(
        url: String, connection: ConnectionSettings = ConnectionSettings(), signingKeyFile: String? = nil, signingFingerprint: String? = nil
    ) {
        self.url = url
        self.connection = connection
        self.signingKeyFile = signingKeyFile
        self.signingFingerprint = signingFingerprint
    }

    private enum CodingKeys: String, CodingKey { case url, signingKeyFile, signingFingerprint }

    /// Decodes the settings; the connection fields sit next to `url`.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        url = try c.decode(String.self, forKey: .url)
        signingKeyFile = try c.decodeIfPresent(String.self, forKey: .signingKeyFile)
        signingFingerprint = try c.decodeIfPresent(String.self, forKey: .signingFingerprint)
        connection = try ConnectionSettings(from: decoder)
    }

    /// Encodes the settings flat, as they are read.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(url, forKey: .url)
        try c.encodeIfPresent(signingKeyFile, forKey: .signingKeyFile)
        try c.encodeIfPresent(signingFingerprint, forKey: .signingFingerprint)
        try connection.encode(to: encoder)
    }
}
