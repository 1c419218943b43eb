/// A simple reaction-time task: wait a random foreperiod, show the stimulus (marker), wait for a key
/// (marker). A key before the stimulus is an anticipation; no key within the response window is a miss.
package struct ReactionTimeTask: Sendable, Hashable, Codable {
    /// The shortest foreperiod (phase onset to stimulus), in seconds.
    package var foreperiodMin: Double
    /// The longest foreperiod, in seconds; each trial draws uniformly from `min...max`.
    package var foreperiodMax: Double
    /// What is shown as the stimulus.
    package var stimulus: LocalizedText
    /// How long the participant has to respond after the stimulus, in seconds.
    package var responseWindow: Double
    /// Which key counts as a response: `"space"`, `"enter"`, or `"any"`. Another key within the
    /// window is a wrong-key response.
    package var responseKey: String
    /// Keys sooner than this many seconds after the stimulus are anticipations, not reactions
    /// (default 0.1 s: faster than a person can react to what they saw).
    package var anticipationBound: Double
    /// Written when the stimulus appears.
    package var stimulusMarker: Int32
    /// Written when the response key is pressed after the stimulus.
    package var responseMarker: Int32
    /// Written when a key is pressed before the stimulus (an anticipation).
    package var anticipationMarker: Int32
    /// Written when the response window passes without a key (a miss).
    package var missMarker: Int32
    /// The session score computed over the trial table.
    package var score: ReactionTimeScore

    /// Creates the task parameters.
    package init(
        foreperiodMin: Double, foreperiodMax: Double, stimulus: LocalizedText, responseWindow: Double,
        responseKey: String, stimulusMarker: Int32, responseMarker: Int32, anticipationMarker: Int32,
        missMarker: Int32, score: ReactionTimeScore = .medianCorrectLatency, anticipationBound: Double = ReactionTimeTask.defaultAnticipationBound
    ) {
        self.anticipationBound = anticipationBound
        self.foreperiodMin = foreperiodMin
        self.foreperiodMax = foreperiodMax
        self.stimulus = stimulus
        self.responseWindow = responseWindow
        self.responseKey = responseKey
        self.stimulusMarker = stimulusMarker
        self.responseMarker = responseMarker
        self.anticipationMarker = anticipationMarker
        self.missMarker = missMarker
        self.score = score
    }

    /// The anticipation bound when the study names none, in seconds.
    package static let defaultAnticipationBound = 0.1

    /// The keys a study may name as `responseKey`.
    package static let responseKeys: Set<String> = ["space", "enter", "any"]
}
