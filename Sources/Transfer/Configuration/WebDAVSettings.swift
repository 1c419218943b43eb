/// Where and how items are uploaded by WebDAV.
package struct WebDAVSettings: Sendable, Codable, Equatable {
    /// The base URL; items go to `<url>/<participant-uuid>/<file>`.
    package var url: String
    /// Certificate checks and time limits.
    package var connection: ConnectionSettings
    /// Whether the account may PROPFIND, so a name conflict can be checked by size (default false: an
    /// upload-only account).
    package var canList: Bool

    /// Settings for `url` with verification on.
    package init(url: String, connection: ConnectionSettings = ConnectionSettings(), canList: Bool = false) {
        self.url = url
        self.connection = connection
        self.canList = canList
    }

    private enum CodingKeys: String, CodingKey { case url, canList, caFile, insecure, connectTimeout, stallTimeout }

    /// Decodes the settings; the connection fields sit next to `url`.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        url = try c.decode(String.self, forKey: .url)
        canList = try c.decodeIfPresent(Bool.self, forKey: .canList) ?? false
        connection = try ConnectionSettings(from: decoder)
    }

    /// Encodes the settings flat, as they are read.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(url, forKey: .url)
        try c.encode(canList, forKey: .canList)
        try connection.encode(to: encoder)
    }
}
