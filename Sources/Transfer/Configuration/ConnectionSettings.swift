import Foundation

/// How to reach a server safely: certificate checks, time limits. TLS verification is on unless
/// ``insecure`` is set explicitly.
///
/// Every request is bounded in time, so an unattended run never hangs holding its lock: a connection
/// must be made within ``connectTimeout``; a transfer slower than ``minimumSpeed`` for ``stallTimeout``
/// seconds (a stalled server, or one that trickles a few bytes forever) is abandoned; and no request
/// lasts longer than ``maximumDuration(bytes:)``.
package struct ConnectionSettings: Sendable, Codable, Equatable {
    /// A PEM file with the CA certificate(s) to trust instead of the system's (e.g. a study's own CA).
    package var caFile: String?
    /// Turns certificate verification OFF. Only for a test server; must be set explicitly.
    package var insecure: Bool
    /// Seconds to wait for a connection (TCP and TLS handshake).
    package var connectTimeout: Double
    /// Seconds without progress after which a transfer is abandoned (a stalled server).
    package var stallTimeout: Double
    /// Bytes per second below which a transfer counts as stalled (averaged over ``stallTimeout``).
    package var minimumSpeed: Int

    /// Settings with certificate verification on and the given time limits.
    package init(caFile: String? = nil, insecure: Bool = false, connectTimeout: Double = 20, stallTimeout: Double = 60, minimumSpeed: Int = 1024) {
        self.caFile = caFile
        self.insecure = insecure
        self.connectTimeout = connectTimeout
        self.stallTimeout = stallTimeout
        self.minimumSpeed = minimumSpeed
    }

    /// The longest a request moving `bytes` (request plus the answer's allowance) may take in all:
    /// connecting, then every byte at ``minimumSpeed``, plus one ``stallTimeout`` of slack for the
    /// server to answer. A server that keeps a request alive beyond it is cut off.
    package func maximumDuration(bytes: Int64) -> Double {
        connectTimeout + 2 * stallTimeout + Double(max(0, bytes)) / Double(max(1, minimumSpeed))
    }

    /// Refuses time limits that are negative, zero or not finite; `section` names the key.
    func validate(section: String) throws {
        for (key, value) in [("connectTimeout", connectTimeout), ("stallTimeout", stallTimeout)] where !(value.isFinite && value > 0) {
            throw TransferError.configuration("\(section).\(key) must be a positive number of seconds, not \(value)")
        }
        guard minimumSpeed >= 1 else {
            throw TransferError.configuration("\(section).minimumSpeed must be at least 1 byte per second, not \(minimumSpeed)")
        }
    }

    private enum CodingKeys: String, CodingKey { case caFile, insecure, connectTimeout, stallTimeout, minimumSpeed }

    /// Decodes settings; missing fields take the defaults (verification on).
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        caFile = try c.decodeIfPresent(String.self, forKey: .caFile)
        insecure = try c.decodeIfPresent(Bool.self, forKey: .insecure) ?? false
        connectTimeout = try c.decodeIfPresent(Double.self, forKey: .connectTimeout) ?? 20
        stallTimeout = try c.decodeIfPresent(Double.self, forKey: .stallTimeout) ?? 60
        minimumSpeed = try c.decodeIfPresent(Int.self, forKey: .minimumSpeed) ?? 1024
    }
}
