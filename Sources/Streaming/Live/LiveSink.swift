import DataSources
import Processing

/// One way live data leaves the recorder (LSL or OSC). A ``LiveStreamer`` feeds every sink from one
/// observer task; sinks must never block (they drop instead).
protocol LiveSink: AnyObject {
    /// The source started: create streams for its descriptor. `lslTime` maps a recording-clock time
    /// (UTC seconds) to LSL's clock.
    func start(_ descriptor: DeviceDescriptor, lslTime: @escaping @Sendable (Double) -> Double) throws
    /// A block of any stream, with its markers.
    func send(_ block: SampleBlock)
    /// A marker placed on an EEG sample delivered earlier, at that sample's time.
    func send(marker: Marker, time: Double)
    /// Band power of the EEG stream's last window.
    func send(_ bandPower: BandPowerUpdate)
    /// The EEG channels' quality grades (1 good, 2 medium, 4 bad), sent when one changed.
    func send(grades: [Float], time: Double)
    /// A device condition changed.
    func send(_ change: DeviceStateChange)
    /// The battery level (percent), sent when it changed by 1 or more.
    func send(battery: Double, time: Double)
}
