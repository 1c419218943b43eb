import DataSources
import Storage

/// A reaction-time trial as the block player measured it: the result for the trial table and the
/// tickets of its stimulus and response markers, whose samples are known once the markers are placed.
struct ReactionTrial: Sendable {
    /// The trial as stored (sample indices filled in after the block).
    var result: ReactionTimeResult
    /// The stimulus marker, when the stimulus was shown.
    var stimulus: MarkerTicket?
    /// The response marker (response, wrong key or anticipation), when a key was pressed.
    var response: MarkerTicket?
}
