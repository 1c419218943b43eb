import DataSources
import Foundation
import Storage
import TestSupport
import Testing
import Typesetting

@testable import Study

/// Everything a German participant of the example study is shown from enrolment through the first
/// questionnaire, compared with a reviewed text (`Tests/StudyTests/Fixtures/german/`): the runtime's
/// own words (hints, prompts) are German sentences, and the name question is asked once.
struct GermanTranscriptTests {
    static let fixture = FixturePaths.fixtures.appendingPathComponent("german/mynd-example-enrolment-and-first-session.txt")

    @Test func enrolmentAndTheFirstQuestionnaireReadAsTheReviewedGermanText() async throws {
        let dir = try TemporaryDirectory("german-transcript")
        let store = try DataStore(root: dir.url)
        let study = try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent("mynd-example"))
        let interface = ScriptedInterface(answers: ["patientName": "Hansi"], speed: 200)
        let clock = FixedStudyClock(Date(timeIntervalSince1970: 1_800_000_000))
        func runner(_ options: RunnerOptions) -> StudyRunner {
            StudyRunner(study: study, store: store, interface: interface, options: options, makeSource: { OscillatorSource() },
                consentTypesetter: ConsentPDFTypesetter())
        }
        _ = try await runner(RunnerOptions(locale: "de", speed: 200, automatic: true, clock: clock, uploadAfterSession: false)).enroll(name: "Hans")
        let report = try await runner(RunnerOptions(speed: 200, automatic: true, clock: clock, uploadAfterSession: false)).runNextSession()
        #expect(report.state == .completed && report.session == "initial")
        #expect(report.title == "Über dich")

        let shown = interface.transcript.joined(separator: "\n----\n") + "\n"
        let reviewed = (try? String(contentsOf: Self.fixture, encoding: .utf8)) ?? ""
        if shown != reviewed {
            // What was shown, for review: copied over the fixture once it reads right.
            let actual = dir.url.deletingLastPathComponent().appendingPathComponent("german-transcript.actual.txt")
            try shown.write(to: actual, atomically: true, encoding: .utf8)
            Issue.record("the German transcript differs from \(Self.fixture.lastPathComponent); shown: \(actual.path)")
        }
        // The private name question is on the screen once, with what Enter alone does.
        #expect(shown.components(separatedBy: "Wie sollen wir dich ansprechen?").count == 2)
    }
}
