/// The power-line frequency whose hum the line-noise measures look at: 50 Hz (Europe, most of
/// Asia/Africa), 60 Hz (the Americas, parts of Asia), or detected from the signal. The reference
/// hard-coded 50 Hz.
public enum MainsFrequency: Sendable, Equatable, Codable {
    /// A fixed frequency in Hz.
    case fixed(Double)
    /// Whichever of 50 and 60 Hz carries more power (decided per reading and reported with it).
    case detect

    /// 50 Hz.
    public static let fifty = MainsFrequency.fixed(50)
    /// 60 Hz.
    public static let sixty = MainsFrequency.fixed(60)
}
