import Foundation
import Storage
import TestSupport
import Testing

/// Enrolment is all or nothing, and its one file with the name is private to the owner.
@Suite(.tags(.process))
struct EnrollCommandTests {
    @Test func anEnrolmentAbortedAtAQuestionLeavesNothingBehind() throws {
        let dir = try TemporaryDirectory("cli-enroll-abort")
        // Five consent pages, the agreement, the name, no helper, the name to be addressed by; then
        // standard input ends at the read-aloud question, as when the participant walks away.
        let input = "\n\n\n\n\nI agree\nZed Quill\n\nZed\n"
        let aborted = try ProcessRunner.run(
            try CLI.binary(), ["enroll", RunCommandTests.mynd, "--data", dir.url.path], input: input)
        #expect(aborted.status == 66, "\(aborted.stderr)")
        let store = try DataStore(root: dir.url)
        #expect(try store.catalog.items().isEmpty)
        #expect(try ParticipantRegistry(store: store).all().isEmpty)
        let files = FileManager.default.enumerator(atPath: dir.url.path)?.compactMap { $0 as? String } ?? []
        #expect(!files.contains { $0.contains("c_") || $0.hasPrefix("progress/") }, "\(files)")
        // A new attempt is a fresh enrolment, not "already enrolled".
        let again = try CLI.run(["enroll", RunCommandTests.mynd, "--data", dir.url.path, "--name", "Zed Quill", "--auto"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try ParticipantRegistry(store: store).all().count == 1)
    }

    @Test func theConsentRecordAndItsFolderAreReadableOnlyByTheOwner() throws {
        let dir = try TemporaryDirectory("cli-enroll-mode")
        #expect(try CLI.run(["enroll", RunCommandTests.mynd, "--data", dir.url.path, "--name", "Zed Quill", "--auto"]).status == 0)
        let store = try DataStore(root: dir.url)
        let consent = try #require(try store.catalog.items().first { $0.kind == .consent })
        let file = store.url(of: consent.path)
        func mode(_ url: URL) throws -> Int {
            try #require((try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue)
        }
        #expect(try mode(file) == 0o600)
        #expect(try mode(file.deletingLastPathComponent()) == 0o700)
    }
}
