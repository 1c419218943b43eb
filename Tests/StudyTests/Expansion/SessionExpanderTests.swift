import Foundation
import Testing

@testable import Study

struct SessionExpanderTests {
    let mynd: StudyDefinition
    let reaction: StudyDefinition

    init() throws {
        mynd = try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent("mynd-example"))
        reaction = try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent("reaction-time"))
    }

    /// Day 1, item 4: the memories session (3 blocks of welcome + 3 memories + 3 subtraction, shuffled, + goodbye).
    let memories = ItemPosition(day: 0, item: 3)

    @Test func theSameSeedGivesTheSameSessionAndAnotherSeedAnotherOrder() {
        let expander = SessionExpander(study: mynd)
        let a = expander.expand(at: memories, seed: 7)
        #expect(a == expander.expand(at: memories, seed: 7))
        let orders = (0..<20).map { seed in expander.expand(at: memories, seed: UInt64(seed)).map { $0.trials.map(\.type) } }
        #expect(Set(orders).count > 1)
    }

    @Test func shufflingKeepsIntroOutroAndTheTrialCounts() {
        let blocks = SessionExpander(study: mynd).expand(at: memories, seed: 3)
        #expect(blocks.count == 3)
        #expect(blocks.map(\.index) == [0, 1, 2])
        for block in blocks {
            let types = block.trials.map(\.type)
            #expect(types.count == 8)
            #expect(types.first == "welcome")
            #expect(types.last == "goodbye")
            #expect(types.filter { $0 == "positiveMemories" }.count == 3)
            #expect(types.filter { $0 == "mentalSubtraction" }.count == 3)
            #expect(block.trials.map(\.index) == Array(0..<8))
        }
    }

    @Test func aResumedBlockIsTheBlockItWouldHaveBeen() {
        let expander = SessionExpander(study: mynd)
        let all = expander.expand(at: memories, seed: 99)
        #expect(expander.expandBlock(2, at: memories, seed: 99) == all[2])
        #expect(expander.expandBlock(3, at: memories, seed: 99) == nil)
        // Blocks of the same session draw differently.
        #expect(all[0].seed != all[1].seed)
    }

    @Test func pauseJitterIsPlusMinusOneSecond() {
        let expander = SessionExpander(study: mynd)
        var pauses: [Double] = []
        for seed in 0..<40 {
            for block in expander.expand(at: memories, seed: UInt64(seed)) {
                for trial in block.trials {
                    pauses += trial.phases.filter { $0.kind == .pause }.compactMap(\.duration.seconds)
                }
            }
        }
        #expect(pauses.count == 40 * 3 * 6)
        #expect(pauses.allSatisfy { (4...6).contains($0) })
        // Both directions occur (the reference drew only 0…1, i.e. never below 5 s).
        #expect(pauses.contains { $0 < 4.5 })
        #expect(pauses.contains { $0 > 5.5 })
        let mean = pauses.reduce(0, +) / Double(pauses.count)
        #expect(abs(mean - 5) < 0.1)
    }

    @Test func mentalSubtractionNumbersFollowTheReferenceRules() {
        let expander = SessionExpander(study: mynd)
        var starts: [Int] = []
        for seed in 0..<60 {
            for block in expander.expand(at: memories, seed: UInt64(seed)) {
                for trial in block.trials where trial.type == "mentalSubtraction" {
                    let from = Int(trial.values["subtractFrom"] ?? "") ?? -1
                    let step = Int(trial.values["subtractStep"] ?? "") ?? -1
                    #expect((500...900).contains(from))
                    #expect(from % 5 != 0)
                    #expect((3...9).contains(step))
                    #expect(step != 5)
                    #expect(trial.values["mentalSubtraction"] == "\(from) - \(step)")
                    starts.append(from)
                }
            }
        }
        let mean = Double(starts.reduce(0, +)) / Double(starts.count)
        #expect(abs(mean - 700) < 15)
        #expect(Set(starts).count > 50)
    }

    @Test func renderedPromptsCarryTheDrawnNumbers() throws {
        let block = try #require(SessionExpander(study: mynd).expandBlock(0, at: memories, seed: 5))
        let trial = try #require(block.trials.first { $0.type == "mentalSubtraction" })
        let text = try #require(trial.phases[2].text)
        let rendered = mynd.render(text, locale: "de", values: trial.values)
        #expect(rendered == "Zähle von \(trial.values["subtractFrom"]!) in Schritten von \(trial.values["subtractStep"]!) rückwärts.")
    }

    @Test func reactionTimeForeperiodsAreDrawnInTheirRange() throws {
        let position = ItemPosition(day: 0, item: 1)
        let blocks = SessionExpander(study: reaction).expand(at: position, seed: 11)
        #expect(blocks.count == 2)
        let foreperiods = blocks.flatMap { $0.trials.flatMap { $0.phases.compactMap(\.task?.foreperiod) } }
        #expect(foreperiods.count == 60)
        #expect(foreperiods.allSatisfy { (1...3).contains($0) })
        #expect(Set(foreperiods).count == 60)
        // Not shuffled: instructions first, goodbye last.
        #expect(blocks[0].trials.first?.type == "instructions")
        #expect(blocks[0].trials.last?.type == "goodbye")
    }

    @Test func questionnairesExpandToNothing() {
        #expect(SessionExpander(study: mynd).expand(at: ItemPosition(day: 0, item: 0), seed: 1).isEmpty)
    }

    @Test func blockDurationCountsExactlyTheBlocksTrials() throws {
        let rest = try #require(mynd.sessions["rest"]?.blocks.first)
        let expander = SessionExpander(study: mynd)
        // welcome 7 + 5, eyesOpen 7 + 60 + 5, eyesClosed 7 + 60 + 5, goodbye 7.
        #expect(expander.estimatedSeconds(of: rest) == 163)
        #expect(expander.blockDurationMinutes(of: rest) == 3)
    }
}

struct SeededDrawsTests {
    @Test func gaussianIntegersStayInRangeAndCentre() {
        var draws = SeededDraws(seed: 1)
        let values = (0..<5000).map { _ in draws.gaussianInteger(in: 3...9) }
        #expect(values.allSatisfy { (3...9).contains($0) })
        let mean = Double(values.reduce(0, +)) / Double(values.count)
        #expect(abs(mean - 6) < 0.1)
    }

    @Test func shuffleIsAPermutation() {
        var draws = SeededDraws(seed: 2)
        let shuffled = draws.shuffled(Array(0..<50))
        #expect(shuffled.sorted() == Array(0..<50))
        #expect(shuffled != Array(0..<50))
    }
}
