import Foundation

/// How to reach a server safely: certificate checks, time limits. TLS verification is on unless
/// ``insecure`` is set explicitly.
public struct ConnectionSettings: Sendable, Codable, Equatable {
    /// A PEM file with the CA certificate(s) to trust instead of the system's (e.g. a study's own CA).
    public var caFile: String?
    /// Turns certificate verification OFF. Only for a test server; must be set explicitly.
    public var insecure: Bool
    /// Seconds to wait for a connection (TCP and TLS handshake).
    public var connectTimeout: Double
    /// Seconds without progress after which a transfer is abandoned (a stalled server).
    public var stallTimeout: Double

    /// Settings with certificate verification on and the given time limits.
    public init(caFile: String? = nil, insecure: Bool = false, connectTimeout: Double = 20, stallTimeout: Double = 60) {
        self.caFile = caFile
        self.insecure = insecure
        self.connectTimeout = connectTimeout
        self.stallTimeout = stallTimeout
    }

    private enum CodingKeys: String, CodingKey { case caFile, insecure, connectTimeout, stallTimeout }

    /// Decodes settings; missing fields take the defaults (verification on).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        caFile = try c.decodeIfPresent(String.self, forKey: .caFile)
        insecure = try c.decodeIfPresent(Bool.self, forKey: .insecure) ?? false
        connectTimeout = try c.decodeIfPresent(Double.self, forKey: .connectTimeout) ?? 20
        stallTimeout = try c.decodeIfPresent(Double.self, forKey: .stallTimeout) ?? 60
    }
}
