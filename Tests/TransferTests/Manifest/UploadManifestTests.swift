import Foundation
import Storage
import Testing
import Transfer

/// `UploadManifest.encoded()` writes plain manifests itself: the bytes must be exactly what
/// `JSONEncoder` (sorted keys) writes, which is what collectors and earlier runs read and wrote.
struct UploadManifestTests {
    static func reference(_ manifest: UploadManifest) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(manifest)
    }

    static var manifests: [UploadManifest] {
        let created = Date(timeIntervalSince1970: 1_795_000_000.5)
        let full = CatalogItem(
            kind: .recording, path: "P/r_rest_1_2_3_P.h5", participant: "2F1C0B8E-4D5A-4B4B-9C1E-7A0D3E5F6A7B", study: "reaction-time",
            title: "rest", day: 1, session: 2, run: 3, created: created, size: 123_456, sha256: String(repeating: "ab", count: 32), state: .pending)
        let bare = CatalogItem(kind: .questionnaire, path: "P/q.json", participant: "P", created: created, state: .pending)
        var sealed = full
        sealed.encryption = .openpgp
        var awkward = full
        awkward.title = "a/b \"quoted\" back\\slash\ttab"
        var german = full
        german.title = "Ruhe – Augen geschlossen (Müdigkeit)"
        var large = full
        large.size = Int64.max
        large.run = -1
        return [
            UploadManifest(item: full, uploaded: .init(name: "r_rest_1_2_3_P.h5", size: 123_456, sha256: full.sha256 ?? "", encrypted: false)),
            UploadManifest(item: bare, uploaded: .init(name: "q.json", size: 0, sha256: "", encrypted: false)),
            UploadManifest(item: sealed, uploaded: .init(name: "r_rest_1_2_3_P.h5.gpg", size: 130_000, sha256: "cd", encrypted: true)),
            UploadManifest(item: awkward, uploaded: .init(name: "x.h5", size: 1, sha256: "ef", encrypted: false)),
            UploadManifest(item: german, uploaded: .init(name: "x.h5", size: 1, sha256: "ef", encrypted: false)),
            UploadManifest(item: large, uploaded: .init(name: "x.h5", size: Int64.max, sha256: "ef", encrypted: true)),
        ]
    }

    @Test(arguments: manifests)
    func theWrittenBytesAreJSONEncodersWithSortedKeys(manifest: UploadManifest) throws {
        let written = try manifest.encoded()
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: try Self.reference(manifest), as: UTF8.self))
        #expect(try UploadManifest.decode(written) == manifest)
    }
}
