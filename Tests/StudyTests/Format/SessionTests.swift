import Testing

@testable import Study

struct SessionTests {
    @Test func repeatsUnrollIntoConcreteBlocks() {
        let a = Block(repeatCount: 3, intro: ["welcome"], trials: [TrialReference(type: "x", count: 2)], outro: ["bye"])
        let b = Block(trials: [TrialReference(type: "y")])
        let session = Session(kind: .recording, title: LocalizedText("t"), blocks: [a, b])
        #expect(session.concreteBlocks == [a, a, a, b])
        #expect(session.runCount == 4)
        #expect(a.trialCount == 4)
        #expect(Session(kind: .questionnaire, title: LocalizedText("q"), questionnaire: "q").runCount == 1)
    }

    @Test func itemsListEverySessionOfEveryDayInOrder() throws {
        let study = try StudyValidator.validate(text: try FixturePaths.text(FixturePaths.minimal), file: "m").get()
        #expect(study.items.map(\.sessionName) == ["mood", "rest", "rest"])
        #expect(study.items.map(\.position) == [ItemPosition(day: 0, item: 0), ItemPosition(day: 0, item: 1), ItemPosition(day: 1, item: 0)])
        #expect(study.session(at: ItemPosition(day: 1, item: 0))?.kind == .recording)
        #expect(study.session(at: ItemPosition(day: 2, item: 0)) == nil)
    }
}
