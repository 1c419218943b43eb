/// How the study file writes an OpenPGP fingerprint (the announcements' signing key, the encryption
/// recipients): 40 or 64 hex digits, in either case, spaces between groups allowed, as a person copies
/// it from `gpg --fingerprint`.
package enum OpenPGPFingerprint {
    /// `text` as a fingerprint, upper-case without the spaces; `nil` when it is not 40 or 64 hex
    /// digits (for a recipient: then it names a key file).
    package static func parse(_ text: String) -> String? {
        guard text.allSatisfy({ $0.isHexDigit || $0 == " " }) else { return nil }
        let digits = String(text.filter(\.isHexDigit).uppercased())
        return digits.count == 40 || digits.count == 64 ? digits : nil
    }
}
