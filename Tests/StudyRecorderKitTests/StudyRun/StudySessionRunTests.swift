import Foundation
import Study
import StudyRecorderKit
import StudyRecorderTesting
import TestSupport
import Testing
import Typesetting

#if canImport(Glibc)
import Glibc
#endif

/// The study's due session run through the kit, without the CLI: the guarantees `study-recorder run`
/// gives (one run per study and folder, the upload after the session) hold for any client.
@Suite(.tags(.server)) struct StudySessionRunTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    static func study() throws -> StudyDefinition {
        try StudyLoader.load(folder: ProjectPaths.root.appendingPathComponent("Studies/mynd-example"))
    }

    static var options: RunnerOptions { RunnerOptions(speed: 100, automatic: true, clock: FixedStudyClock(t0)) }

    /// A run of the mynd example's due session in `store`, its participant `interface`.
    static func run(_ study: StudyDefinition, store: DataStore, interface: any ParticipantInterface = ScriptedInterface(speed: 100))
        -> StudySessionRun
    {
        StudySessionRun(study: study, store: store, interface: interface, options: options, makeSource: { OscillatorSource() })
    }

    /// Enrolls a participant in `study` in `store`.
    static func enroll(_ study: StudyDefinition, store: DataStore) async throws {
        _ = try await StudyRunner(
            study: study, store: store, interface: ScriptedInterface(speed: 100), options: options, makeSource: { OscillatorSource() },
            consentTypesetter: ConsentPDFTypesetter()
        ).enroll(name: "Ada")
    }

    /// The study's transfer policy is "after each session": the session due now runs, its
    /// questionnaire is stored, and the run sends it to the configured WebDAV server before it
    /// returns — the server holds the very bytes.
    @Test func theSessionDueNowRunsAndIsUploadedAfterIt() async throws {
        let folder = try TemporaryDirectory("kit-study-run")
        let server = try WebDAVTestServer()
        defer { server.stop() }
        let setup = try TransferCLISetup(folder: folder, webdavURL: server.baseURL, password: server.password)
        let store = try DataStore(root: setup.data)
        let study = try Self.study()
        try await Self.enroll(study, store: store)

        let report = try await Self.run(study, store: store).run()
        #expect(report.state == .completed && report.session == "initial")
        let stored = try #require(report.stored.first)
        #expect(report.stored.count == 1 && stored.kind == .questionnaire)
        // Sent: the session's questionnaire and the enrolment's answers (the consent record stays
        // here by policy: it holds the name and nothing is encrypted).
        #expect(report.upload == "sent 2, 0 still pending", "\(report.upload ?? "no upload")")
        let item = try #require(try store.catalog.item(path: stored.path))
        #expect(item.state == .transmitted)
        let remoteName = try #require(item.remoteName)
        let remote = try Data(contentsOf: server.root.appendingPathComponent(remoteName.trimmingCharacters(in: CharacterSet(charactersIn: "/"))))
        #expect(remote == (try Data(contentsOf: store.url(of: stored.path))))
    }

    /// While one run of the study works in the folder, a second is refused with `busy`, naming the
    /// holder, and stores nothing; once the first has finished, the next run is the next session.
    @Test func aSecondRunOfTheStudyIsRefusedWhileOneIsActive() async throws {
        let folder = try TemporaryDirectory("kit-study-lock")
        let store = try DataStore(root: folder.url)
        let study = try Self.study()
        try await Self.enroll(study, store: store)
        let enrolled = try store.catalog.items().count

        let participant = HeldParticipant(ScriptedInterface(speed: 100))
        let first = Task { try await Self.run(study, store: store, interface: participant).run() }
        await participant.arrived()
        do {
            _ = try await Self.run(study, store: store).run()
            Issue.record("a second run was not refused")
        } catch let error as RecorderError {
            #expect(error.code == .busy)
            #expect(error.message.contains("pid \(getpid())"), "\(error.message)")
        }
        #expect(try store.catalog.items().count == enrolled)

        participant.letGo()
        let report = try await first.value
        #expect(report.state == .completed && report.session == "initial" && report.stored.count == 1)
        let next = try await Self.run(study, store: store).run()
        #expect(next.state == .completed && next.session == "motivation")
    }

    /// A study that requires encryption is refused before anything is stored when the folder
    /// configures no key.
    @Test func aStudyRequiringEncryptionIsRefusedWithoutAKey() async throws {
        let folder = try TemporaryDirectory("kit-study-encryption")
        let store = try DataStore(root: folder.url)
        var study = try Self.study()
        try await Self.enroll(study, store: store)
        let enrolled = try store.catalog.items().count
        study.settings.encryption.scheme = .openpgp
        do {
            _ = try await Self.run(study, store: store).run()
            Issue.record("the study was run without encryption")
        } catch let error as RecorderError {
            #expect(error.code == .configuration)
            #expect(error.message.contains("requires encryption"), "\(error.message)")
        }
        #expect(try store.catalog.items().count == enrolled)
    }
}
