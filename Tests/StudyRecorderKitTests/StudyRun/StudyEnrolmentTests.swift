import Foundation
import Study
import StudyRecorderKit
import StudyRecorderTesting
import TestSupport
import Testing

/// Enrolment through the kit, without the CLI: the consent record is stored and the schedule
/// starts, and a study that requires encryption is refused before anything is stored.
@Suite struct StudyEnrolmentTests {
    static func enrolment(_ study: StudyDefinition, store: DataStore) -> StudyEnrolment {
        StudyEnrolment(study: study, store: store, interface: ScriptedInterface(), options: StudySessionRunTests.options)
    }

    @Test func enrolsAndStoresTheConsentRecord() async throws {
        let folder = try TemporaryDirectory("kit-enrol")
        let store = try DataStore(root: folder.url)
        let study = try StudySessionRunTests.study()
        let participant = try await Self.enrolment(study, store: store).enroll(name: "Ada")
        let consent = try store.catalog.items(participant: participant.id).filter { $0.kind == .consent }
        #expect(consent.count == 1)
        #expect(try ProgressStore(dataFolder: store.root).load(studyID: study.id)?.participant.uuidString == participant.id)
    }

    @Test func aStudyRequiringEncryptionIsNotEnrolledWithoutAKey() async throws {
        let folder = try TemporaryDirectory("kit-enrol-encryption")
        let store = try DataStore(root: folder.url)
        var study = try StudySessionRunTests.study()
        study.settings.encryption.scheme = .openpgp
        do {
            _ = try await Self.enrolment(study, store: store).enroll(name: "Ada")
            Issue.record("enrolled without encryption")
        } catch let error as RecorderError {
            #expect(error.code == .configuration)
        }
        #expect(try store.catalog.items().isEmpty)
        #expect(try ProgressStore(dataFolder: store.root).load(studyID: study.id) == nil)
    }
}
