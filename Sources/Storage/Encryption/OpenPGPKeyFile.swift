import Foundation

/// Looks at a key file's bytes before anything is imported, so a secret key never enters the device's
/// key ring.
enum OpenPGPKeyFile {
    /// True when the file holds secret key material: an armoured `PRIVATE KEY BLOCK`, or a binary
    /// packet stream whose first packet is a secret key (tag 5) or secret subkey (tag 7).
    static func containsSecretKey(_ data: Data) -> Bool {
        if let text = String(data: data.prefix(64 * 1024), encoding: .utf8), text.contains("-----BEGIN PGP ") {
            return text.contains("-----BEGIN PGP PRIVATE KEY BLOCK-----")
        }
        guard let first = data.first, first & 0x80 != 0 else { return false }
        let tag = first & 0x40 != 0 ? first & 0x3f : (first & 0x3f) >> 2
        return tag == 5 || tag == 7
    }

    /// A fingerprint reduced to uppercase hex digits, for comparison.
    static func normalize(_ fingerprint: String) -> String {
        String(fingerprint.uppercased().filter { $0.isHexDigit })
    }
}
