import Foundation
import Storage
import Testing

@testable import Study

/// The example studies in `Studies/` validate and encode the reference protocols.
struct ExampleStudiesTests {
    private func load(_ name: String) throws -> StudyDefinition {
        try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent(name))
    }

    @Test(arguments: ["mynd-example", "reaction-time"])
    func exampleValidates(_ name: String) throws {
        let study = try load(name)
        #expect(study.id == name)
        #expect(study.locales == ["en", "de"])
    }

    @Test func myndHasTheReferencesSevenDaysAndTwentyFiveSessions() throws {
        let study = try load("mynd-example")
        #expect(
            study.days.map(\.sessions) == [
                ["initial", "motivation", "rest", "memories"],
                ["motivation", "memories", "rest", "memories"],
                ["motivation", "music", "rest"],
                ["motivation", "rest", "memories"],
                ["motivation", "rest", "music", "memories"],
                ["motivation", "memories", "rest", "memories"],
                ["motivation", "rest", "music"],
            ])
        #expect(study.items.count == 25)
        #expect(study.settings.dayWindowHours == 12)
        #expect(study.settings.mainsFrequency == 50)
    }

    @Test(arguments: [
        ("rest", 4, 60.0, ["EyesOpen", "EyesClosed"]), ("music", 8, 30.0, ["MusicImagery", "Counting"]),
        ("memories", 8, 30.0, ["Memories", "Counting"]),
    ])
    func myndRecordingsMatchTheReferenceTable(_ name: String, _ trialsPerBlock: Int, _ trialTime: Double, _ labels: [String]) throws {
        let study = try load("mynd-example")
        let session = try #require(study.sessions[name])
        #expect(session.concreteBlocks.count == 3)
        #expect(session.concreteBlocks.allSatisfy { $0.trialCount == trialsPerBlock && $0.shuffle })
        #expect(session.concreteBlocks.allSatisfy { $0.intro == ["welcome"] && $0.outro == ["goodbye"] })
        let paradigm = try #require(session.paradigm)
        #expect(paradigm.title == name)
        #expect(paradigm.conditionLabels == labels)
        #expect(paradigm.conditionMarkers == [320, 420])
        #expect(paradigm.baseMarkers == [310, 410])
        #expect(paradigm.baseTime == -3)
        #expect(paradigm.trialTime == trialTime)
        #expect(session.preparation == "start")
        #expect(session.betweenBlocks == "checkUp")
    }

    @Test func myndPhaseMarkersFollowTheSchemeMPlus0To30() throws {
        let study = try load("mynd-example")
        for name in ["music", "positiveMemories", "mentalSubtraction"] {
            let trial = try #require(study.trialTypes[name])
            let m = trial.marker
            #expect(trial.phases.map(\.marker) == [m, m + 5, m + 10, m + 20, m + 30])
            #expect(trial.phases.map(\.kind) == [.prompt, .fixation, .prompt, .fixation, .pause])
            #expect(trial.phases.map(\.duration) == [.untilSpoken, .seconds(3), .untilSpoken, .seconds(30), .seconds(5)])
            #expect(trial.phases[4].jitter == 1)
        }
        for (name, m) in [("eyesOpen", Int32(300)), ("eyesClosed", 400)] {
            let trial = try #require(study.trialTypes[name])
            #expect(trial.marker == m)
            #expect(trial.phases.map(\.marker) == [m + 10, m + 20, m + 30])
            #expect(trial.phases[1].duration == .seconds(60))
        }
        #expect(study.trialTypes["welcome"]?.marker == 900)
        #expect(study.trialTypes["goodbye"]?.marker == 900)
        #expect(study.trialTypes["mentalSubtraction"]?.generator == .mentalSubtraction)
    }

    @Test func myndFittingRelaxesTo75PercentAfterThreeMinutes() throws {
        let study = try load("mynd-example")
        let fitting = try #require(study.preparations["start"]).filter { $0.quality?.mode == .signalQuality }
        #expect(fitting.map(\.waitFor) == [.goodSignalFront, .goodSignalBack])
        #expect(fitting.allSatisfy { $0.timeout == 180 && $0.quality?.relaxedThreshold == 75 && $0.quality?.threshold == 100 })
        #expect(study.preparations["checkUp"]?.first?.waitFor == .goodSignal)
    }

    @Test func myndQuestionnairesUseEveryQuestionKind() throws {
        let study = try load("mynd-example")
        let kinds = Set(study.questionnaires.values.flatMap { $0.questions.map(\.kind) })
        #expect(kinds == Set(QuestionKind.allCases))
    }

    @Test func everyTextHasGermanToo() throws {
        let study = try load("mynd-example")
        let data = try Data(contentsOf: FixturePaths.studies.appendingPathComponent("mynd-example/study.json"))
        let text = String(decoding: data, as: UTF8.self)
        // Every English translation is paired with a German one.
        #expect(text.components(separatedBy: "\"en\": ").count == text.components(separatedBy: "\"de\": ").count)
        #expect(study.render(study.title, locale: "de") == "MYND-Beispielstudie")
    }

    @Test func reactionTimeTaskWritesStimulusAndResponseMarkers() throws {
        let study = try load("reaction-time")
        let trial = try #require(study.trialTypes["reaction"])
        let task = try #require(trial.phases.compactMap(\.task?.reactionTime).first)
        #expect(task.foreperiodMin == 1)
        #expect(task.foreperiodMax == 3)
        #expect([task.stimulusMarker, task.responseMarker, task.anticipationMarker, task.missMarker] == [510, 520, 530, 540])
        #expect(task.score == .medianCorrectLatency)
        let session = try #require(study.sessions["reaction"])
        #expect(session.paradigm?.conditionMarkers == [510])
        #expect(session.concreteBlocks.map(\.trialCount) == [32, 32])
    }
}
