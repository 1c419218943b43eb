import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite(.tags(.python))
struct SHA256Tests {
    @Test func knownVectors() {
        func hex(_ s: String) -> String { var d = SHA256(); d.update(Data(s.utf8)); return d.finalizeHex() }
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func fileDigestMatchesPython() throws {
        let dir = try TemporaryDirectory("sha")
        let url = dir.path("blob")
        var rng = SystemRandomNumberGenerator()
        try Data((0..<3_000_001).map { _ in UInt8.random(in: 0...255, using: &rng) }).write(to: url)
        let expected = try PythonTool.run(
            script: "import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],'rb').read()).hexdigest())", arguments: [url.path])
        #expect(try SHA256.hex(ofFile: url) == expected.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
