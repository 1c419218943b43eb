/// Where announcements (`message.json`) are read: a separate, read-only location holding public
/// information only.
public struct AnnouncementSettings: Sendable, Codable, Equatable {
    /// The base URL of the download location.
    public var url: String
    /// Certificate checks and time limits.
    public var connection: ConnectionSettings

    /// Settings for `url` with verification on.
    public init(url: String, connection: ConnectionSettings = ConnectionSettings()) {
        self.url = url
        self.connection = connection
    }

    private enum CodingKeys: String, CodingKey { case url }

    /// Decodes the settings; the connection fields sit next to `url`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        url = try c.decode(String.self, forKey: .url)
        connection = try ConnectionSettings(from: decoder)
    }

    /// Encodes the settings flat, as they are read.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(url, forKey: .url)
        try connection.encode(to: encoder)
    }
}
