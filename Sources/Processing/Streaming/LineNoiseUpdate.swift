/// The line-noise mode's reading, emitted once per second.
public struct LineNoiseUpdate: Sendable, Codable, Equatable {
    /// Time of the newest sample, seconds since the Unix epoch (source clock).
    public var time: Double
    /// The reading.
    package var reading: LineNoiseReading

    /// Creates an update.
    package init(time: Double, reading: LineNoiseReading) {
        self.time = time
        self.reading = reading
    }
}
