/// A row of a recording's events table: something that happened at a sample.
package struct RecordingEvent: Sendable, Equatable, Codable {
    /// Row of `/Recording/Data` the event belongs to (0-based).
    package var sample: Int64
    /// Time in seconds since the Unix epoch.
    package var time: Double
    /// The marker code (negative codes are written by the software: gaps, device states, interruptions).
    package var code: Int32
    /// A label, e.g. the phase name or `gap 64 samples`.
    package var label: String

    /// Creates an event.
    package init(sample: Int64, time: Double, code: Int32, label: String) {
        self.sample = sample
        self.time = time
        self.code = code
        self.label = label
    }
}
