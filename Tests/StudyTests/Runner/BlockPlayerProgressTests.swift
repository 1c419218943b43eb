import Testing

@testable import Study

/// The progress line counts the trials the participant does: in a reaction-time block its
/// instruction and thank-you screens are not trials ("Durchgang 1 von 30", as the text promises).
struct BlockPlayerProgressTests {
    private static func trial(_ index: Int, task: Bool) -> ExpandedTrial {
        let phase: ExpandedPhase
        if task {
            let spec = ReactionTimeTask(
                foreperiodMin: 1, foreperiodMax: 1, stimulus: LocalizedText("X"), responseWindow: 1.5, responseKey: "space",
                stimulusMarker: 510, responseMarker: 520, anticipationMarker: 530, missMarker: 540)
            phase = ExpandedPhase(
                kind: .task, text: nil, duration: .untilAcknowledged, marker: 502, task: ExpandedTask(reactionTime: spec, foreperiod: 1))
        } else {
            phase = ExpandedPhase(kind: .prompt, text: LocalizedText("Los geht's"), duration: .untilAcknowledged, marker: 501, task: nil)
        }
        return ExpandedTrial(index: index, type: task ? "reaction" : "instructions", marker: 500, phases: [phase], values: [:])
    }

    @Test func aTaskBlockCountsItsTaskTrialsOnly() {
        let trials = [Self.trial(0, task: false)] + (1...30).map { Self.trial($0, task: true) } + [Self.trial(31, task: false)]
        let counted = BlockPlayer.countedTrials(ExpandedBlock(index: 0, seed: 1, trials: trials))
        #expect(counted.total == 30)
        #expect(counted.numbers.first == .some(nil) && counted.numbers.last == .some(nil))
        #expect(counted.numbers[1] == 1 && counted.numbers[30] == 30)
    }

    @Test func aBlockWithoutATaskCountsEveryTrial() {
        let counted = BlockPlayer.countedTrials(ExpandedBlock(index: 0, seed: 1, trials: (0..<4).map { Self.trial($0, task: false) }))
        #expect(counted.total == 4 && counted.numbers == [1, 2, 3, 4])
    }
}
