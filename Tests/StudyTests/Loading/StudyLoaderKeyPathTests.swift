import Foundation
import TestSupport
import Testing

@testable import Study

/// Key files a study names are relative to the study folder, wherever the study is run from: the
/// loader resolves them; fingerprints and absolute paths stay as written.
struct StudyLoaderKeyPathTests {
    @Test func recipientKeyFilesAreResolvedAgainstTheStudyFolder() throws {
        let dir = try TemporaryDirectory("study-key-paths")
        let example = try Data(contentsOf: FixturePaths.studies.appendingPathComponent("mynd-example/study.json"))
        var json = try #require(try JSONSerialization.jsonObject(with: example) as? [String: Any])
        var settings = json["settings"] as? [String: Any] ?? [:]
        let fingerprint = "3F2A 91C0 0B7E 55D1 9A4C  2E6F 1B8D 7C3A 90E2 4F61"
        settings["encryption"] = ["mode": "openpgp", "recipients": ["keys/lab.asc", fingerprint, "/etc/lab/key.asc", "../shared/key.asc"]]
        json["settings"] = settings
        try JSONSerialization.data(withJSONObject: json).write(to: dir.path("study.json"))

        let study = try StudyLoader.load(folder: dir.url)
        let folder = dir.url.standardizedFileURL.path
        let parent = dir.url.deletingLastPathComponent().standardizedFileURL.path
        #expect(study.settings.encryption.recipients == [folder + "/keys/lab.asc", fingerprint, "/etc/lab/key.asc", parent + "/shared/key.asc"])
        #expect(study.settings.encryption.recipientFingerprints == ["3F2A91C00B7E55D19A4C2E6F1B8D7C3A90E24F61"])
        #expect(study.settings.encryption.recipientKeyFiles.count == 3)
    }

    @Test func onlyFortyOrSixtyFourHexDigitsAreAFingerprint() {
        #expect(EncryptionRequirement.fingerprint(of: String(repeating: "a", count: 40)) == String(repeating: "A", count: 40))
        #expect(EncryptionRequirement.fingerprint(of: String(repeating: "0", count: 64)) != nil)
        #expect(EncryptionRequirement.fingerprint(of: String(repeating: "0", count: 39)) == nil)
        #expect(EncryptionRequirement.fingerprint(of: "lab.asc") == nil)
        // A file named like a fingerprint but with a path is a file.
        #expect(EncryptionRequirement.fingerprint(of: "keys/" + String(repeating: "A", count: 40)) == nil)
    }
}
