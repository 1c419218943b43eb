import Testing

@testable import Study

/// A fingerprint in the study file is 40 or 64 hex digits, spaces allowed; anything else in a
/// recipients list names a key file.
struct OpenPGPFingerprintTests {
    @Test func onlyFortyOrSixtyFourHexDigitsAreAFingerprint() {
        #expect(OpenPGPFingerprint.parse(String(repeating: "a", count: 40)) == String(repeating: "A", count: 40))
        #expect(OpenPGPFingerprint.parse(String(repeating: "0", count: 64)) != nil)
        #expect(OpenPGPFingerprint.parse(String(repeating: "0", count: 39)) == nil)
        #expect(OpenPGPFingerprint.parse("lab.asc") == nil)
        // A file named like a fingerprint but with a path is a file.
        #expect(OpenPGPFingerprint.parse("keys/" + String(repeating: "A", count: 40)) == nil)
    }
}
