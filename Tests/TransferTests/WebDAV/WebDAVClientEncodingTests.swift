import Foundation
import Testing

@testable import Transfer

/// The byte-wise encoder of path segments gives exactly what Foundation's
/// `addingPercentEncoding(withAllowedCharacters:)` gives with the same set.
@Suite struct WebDAVClientEncodingTests {
    @Test func everyASCIICharacterIsEncodedAsFoundationEncodesIt() {
        for byte in UInt8(0)..<0x80 {
            let text = String(Character(Unicode.Scalar(byte)))
            #expect(WebDAVClient.encode(text) == text.addingPercentEncoding(withAllowedCharacters: WebDAVClient.segmentAllowed), "byte \(byte)")
        }
    }

    @Test(arguments: [
        "q_mood_1_1_3_0D3C7A52-6A8C-4E0B-9A7E-2F1C5B8E9D01.json", "r_rest_1_1_1_P.h5.gpg.manifest.json", "a b/c;d?e#f%g", "Müller – Ümlaut",
        "日本語.json", "emoji 🧠.h5", "", "~-._!$&'()*+,=:@", "%41", "tab\there\nnewline",
    ])
    func namesAreEncodedAsFoundationEncodesThem(_ name: String) {
        #expect(WebDAVClient.encode(name) == name.addingPercentEncoding(withAllowedCharacters: WebDAVClient.segmentAllowed))
    }
}
