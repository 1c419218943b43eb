import Foundation
import TestSupport
import Testing

@testable import Study

/// Key files a study names are relative to the study folder, wherever the study is run from: the
/// loader resolves them; fingerprints and absolute paths stay as written.
struct StudyLoaderKeyPathTests {
    @Test func recipientKeyFilesAreResolvedAgainstTheStudyFolder() throws {
        let dir = try TemporaryDirectory("study-key-paths")
        let fingerprint = "3F2A 91C0 0B7E 55D1 9A4C  2E6F 1B8D 7C3A 90E2 4F61"
        let studyFolder = try StudyFolderFixture.make(
            in: dir, settings: ["encryption": ["mode": "openpgp", "recipients": ["keys/lab.asc", fingerprint, "/etc/lab/key.asc", "../shared/key.asc"]]])

        let study = try StudyLoader.load(folder: studyFolder)
        let folder = studyFolder.standardizedFileURL.path
        let parent = studyFolder.deletingLastPathComponent().standardizedFileURL.path
        #expect(study.settings.encryption.recipients == [folder + "/keys/lab.asc", fingerprint, "/etc/lab/key.asc", parent + "/shared/key.asc"])
        #expect(study.settings.encryption.recipientFingerprints == ["3F2A91C00B7E55D19A4C2E6F1B8D7C3A90E24F61"])
        #expect(study.settings.encryption.recipientKeyFiles.count == 3)
    }
}
