import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite(.tags(.python))
struct QuestionnaireStoreTests {
    @Test func answersKeepTheirTypesAndTextStaysIntact() throws {
        let dir = try TemporaryDirectory("q")
        let store = try DataStore(root: dir.url)
        let participant = "9E8D7C6B-5A49-4837-A261-504F3E2D1C0B"
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let record = QuestionnaireRecord(
            title: "motivation", study: "mynd-example", studyVersion: "1.0", participant: participant, day: 3, session: 7, run: 12, locale: "de",
            started: start, finished: start.addingTimeInterval(95),
            answers: [
                QuestionnaireAnswer(id: "mood", type: "likert", value: .integer(4)),
                QuestionnaireAnswer(id: "temperature", type: "numeric", value: .integer(-3)),
                QuestionnaireAnswer(id: "sleep", type: "slider", value: .number(6.5)),
                QuestionnaireAnswer(id: "birth", type: "date", value: .date(Date(timeIntervalSince1970: 641_520_000))),
                QuestionnaireAnswer(id: "comment", type: "text", value: .text("Müde, aber glücklich – 100 % \"motiviert\"")),
                QuestionnaireAnswer(id: "activities", type: "multiple-choice", value: .choices([1, 3])),
                QuestionnaireAnswer(id: "optional", type: "text", value: .none),
            ])
        let item = try QuestionnaireStore.store(record, in: store)
        #expect(item.path == "\(participant)/q_motivation_3_7_12_\(participant).json")
        #expect(item.kind == .questionnaire)
        #expect(item.state == .pending)
        let url = store.url(of: item.path)
        #expect(try QuestionnaireStore.load(url) == record)
        // A reader in another language sees real JSON types.
        let check = """
            import json, sys
            d = json.load(open(sys.argv[1], encoding='utf-8'))
            a = {x['id']: x['value'] for x in d['answers']}
            print(json.dumps([type(a['mood']).__name__, a['temperature'], a['sleep'], a['birth'], a['comment'], a['activities'], a['optional'], d['day'], d['started']]))
            """
        let out = try PythonTool.run(script: check, arguments: [url.path]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            out
                == #"["int", -3, 6.5, "1990-05-01", "M\u00fcde, aber gl\u00fccklich \u2013 100 % \"motiviert\"", [1, 3], null, 3, "2026-09-21T14:13:20Z"]"#
        )
        #expect(try SHA256.hex(ofFile: url) == item.sha256)
        // Never overwritten: a second store of the same position gets a new name.
        let again = try QuestionnaireStore.store(record, in: store)
        #expect(again.path != item.path)
    }
}
