/// One block of a recording run.
package struct PlannedRecording: Sendable, Hashable {
    /// Where the item is.
    package var position: ItemPosition
    /// The session's name.
    package var sessionName: String
    /// The session (title, text, paradigm to write into the file).
    package var session: Session
    /// The block to record, with its trials drawn.
    package var block: ExpandedBlock
    /// How many blocks the session has (repeats unrolled).
    package var blockCount: Int
    /// The full preparation (`session.preparation`), for the first block of a sitting.
    package var preparation: [PreparationStep]
    /// The check between blocks (`session.betweenBlocks`), when the headband is still on.
    package var checkUp: [PreparationStep]
    /// `#blockDuration#` for this block, in minutes.
    package var blockDurationMinutes: Int
}
