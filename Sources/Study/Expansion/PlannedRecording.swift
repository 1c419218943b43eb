/// One block of a recording run.
public struct PlannedRecording: Sendable, Hashable {
    /// Where the item is.
    public var position: ItemPosition
    /// The session's name.
    public var sessionName: String
    /// The session (title, text, paradigm to write into the file).
    public var session: Session
    /// The block to record, with its trials drawn.
    public var block: ExpandedBlock
    /// How many blocks the session has (repeats unrolled).
    public var blockCount: Int
    /// The full preparation (`session.preparation`), for the first block of a sitting.
    public var preparation: [PreparationStep]
    /// The check between blocks (`session.betweenBlocks`), when the headband is still on.
    public var checkUp: [PreparationStep]
    /// `#blockDuration#` for this block, in minutes.
    public var blockDurationMinutes: Int
}
