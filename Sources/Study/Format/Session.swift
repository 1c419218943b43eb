public import Storage

/// One item of the protocol, as defined once and referred to by name from the days: a questionnaire
/// or a recording with its hardware preparation, blocks and paradigm.
package struct Session: Sendable, Hashable, Codable {
    /// Questionnaire or recording.
    package var kind: SessionKind
    /// The title shown in the session list and announcement.
    package var title: LocalizedText
    /// The description shown before the session starts.
    package var text: LocalizedText?
    /// For questionnaire sessions: the name of a questionnaire in ``StudyDefinition/questionnaires``.
    package var questionnaire: String?
    /// For recordings: the preparation (name in ``StudyDefinition/preparations``) run before the
    /// first block.
    package var preparation: String?
    /// For recordings: the preparation run between blocks (the reference's check-up fitting).
    package var betweenBlocks: String?
    /// For recordings: the analysis metadata written into each file.
    package var paradigm: Paradigm?
    /// For recordings: the blocks (entries may repeat; see ``Block/repeatCount``).
    package var blocks: [Block]

    /// Creates a session.
    package init(
        kind: SessionKind, title: LocalizedText, text: LocalizedText? = nil, questionnaire: String? = nil,
        preparation: String? = nil, betweenBlocks: String? = nil, paradigm: Paradigm? = nil, blocks: [Block] = []
    ) {
        self.kind = kind
        self.title = title
        self.text = text
        self.questionnaire = questionnaire
        self.preparation = preparation
        self.betweenBlocks = betweenBlocks
        self.paradigm = paradigm
        self.blocks = blocks
    }

    /// The concrete blocks in order, with repeats unrolled: what the runner stores one file each for.
    package var concreteBlocks: [Block] {
        blocks.flatMap { Array(repeating: $0, count: max($0.repeatCount, 0)) }
    }

    /// How many runs (files) the session produces: the unrolled block count for recordings, one for
    /// questionnaires.
    package var runCount: Int {
        kind == .questionnaire ? 1 : concreteBlocks.count
    }
}
