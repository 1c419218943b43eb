import Foundation
import Storage
import Testing

@testable import Study

struct StudyValidatorTests {
    private func minimal() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: FixturePaths.minimal)) as? [String: Any])
    }

    private func validate(_ object: [String: Any]) throws -> Result<StudyDefinition, StudyValidationFailure> {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        return StudyValidator.validate(bytes: Array(data), file: "t.json")
    }

    @Test func collectsEveryStructuralErrorNotJustTheFirst() throws {
        var study = try minimal()
        study["author"] = "me"
        var settings = try #require(study["settings"] as? [String: Any])
        settings["mainsFrequency"] = 55
        settings["cues"] = "trumpet"
        study["settings"] = settings
        guard case .failure(let failure) = try validate(study) else {
            Issue.record("validated")
            return
        }
        #expect(Set(failure.errors.map(\.path)) == ["$.author", "$.settings.mainsFrequency", "$.settings.cues"])
        // Sorted by position.
        #expect(
            failure.errors.map { [$0.line, $0.column] } == failure.errors.map { [$0.line, $0.column] }.sorted { $0.lexicographicallyPrecedes($1) })
    }

    /// `exclusive` on a choice: read into the model in a multiple-choice question, refused in a
    /// single-choice one (where every answer is alone anyway) and with `minSelections` above 1.
    @Test func anExclusiveChoiceIsReadAndChecked() throws {
        func withConditions(kind: String, minSelections: Int?) throws -> Result<StudyDefinition, StudyValidationFailure> {
            var study = try minimal()
            var questionnaires = try #require(study["questionnaires"] as? [String: Any])
            var mood = try #require(questionnaires["mood"] as? [String: Any])
            var question: [String: Any] = [
                "id": "conditions", "kind": kind, "text": "Any of these?",
                "choices": [["value": 1, "text": "a condition"], ["value": 0, "text": "none of these", "exclusive": true]],
            ]
            if let minSelections { question["minSelections"] = minSelections }
            mood["questions"] = try #require(mood["questions"] as? [Any]) + [question]
            questionnaires["mood"] = mood
            study["questionnaires"] = questionnaires
            return try validate(study)
        }
        let read = try withConditions(kind: "multipleChoice", minSelections: 1).get()
        #expect(read.questionnaires["mood"]?.questions.last?.choices?.map(\.exclusive) == [nil, true])
        for (kind, minimum, path) in [
            ("singleChoice", nil, "$.questionnaires.mood.questions[3].choices[1].exclusive"),
            ("multipleChoice", 2, "$.questionnaires.mood.questions[3].minSelections"),
        ] as [(String, Int?, String)] {
            guard case .failure(let failure) = try withConditions(kind: kind, minSelections: minimum) else {
                Issue.record("\(kind) with an exclusive choice validated")
                continue
            }
            #expect(failure.errors.map(\.path) == [path], "\(failure.errors)")
        }
    }

    @Test func readsTheMinimalStudyIntoTheModel() throws {
        let study = try validate(try minimal()).get()
        #expect(study.id == "minimal")
        #expect(study.days.map(\.sessions) == [["mood", "rest"], ["rest"]])
        let rest = try #require(study.sessions["rest"])
        #expect(rest.kind == .recording)
        #expect(rest.concreteBlocks.count == 2)
        #expect(rest.paradigm?.conditionMarkers == [320, 420])
        let open = try #require(study.trialTypes["open"])
        #expect(open.phases.map(\.marker) == [310, 320, 330])
        #expect(open.phases[0].duration == .untilSpoken)
        #expect(open.phases[2].jitter == 1)
        #expect(study.settings.transfer.mode == .manual)
        #expect(study.preparations["start"]?[1].quality?.relaxedThreshold == 75)
        #expect(study.questionnaires["mood"]?.questions.map(\.kind) == [.likert, .numeric, .singleChoice])
    }

    @Test func settingsDefaultWhenOmitted() throws {
        var study = try minimal()
        study["settings"] = nil
        let definition = try validate(study).get()
        #expect(definition.settings == .defaults)
        #expect(definition.settings.dayWindowHours == 12)
    }

    @Test func noMutationOfTheFileCrashesTheValidator() throws {
        let bytes = Array(try Data(contentsOf: FixturePaths.minimal))
        // Every prefix (truncated files) and seeded single-byte corruptions must give a result, not a crash.
        for length in stride(from: 0, to: bytes.count, by: 7) {
            if case .success = StudyValidator.validate(bytes: Array(bytes[..<length]), file: "t.json") {
                Issue.record("a truncated file of \(length) bytes validated")
            }
        }
        var state: UInt64 = 42
        let alphabet = Array("{}[]\":,0-9.eE \n\\tfnu#x".utf8)
        for _ in 0..<400 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var mutated = bytes
            let at = Int((state >> 33) % UInt64(bytes.count))
            mutated[at] = alphabet[Int((state >> 17) % UInt64(alphabet.count))]
            switch StudyValidator.validate(bytes: mutated, file: "t.json") {
            case .success: break  // some corruptions (inside a text) keep the study valid
            case .failure(let failure): #expect(!failure.errors.isEmpty)
            }
        }
    }

    @Test func invalidUTF8IsAnError() {
        var bytes = Array("{\"id\": \"".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array("\"}".utf8)
        guard case .failure(let failure) = StudyValidator.validate(bytes: bytes, file: "t.json") else {
            Issue.record("validated")
            return
        }
        #expect(failure.errors.first?.message == "valid UTF-8 text")
    }
}
