/// One multichannel sample as a source delivered it: the unit everything downstream consumes.
///
/// A frame is atomic on purpose. The reference app published samples, timestamps and markers as three
/// separate streams, so a stored timestamp could belong to the previous sample and a marker could land
/// on the wrong one. Here index, time, values and marker travel together.
public struct Frame: Sendable, Equatable {
    /// Position of the sample since the source started, counting from 0. A jump of more than one
    /// between consecutive frames means samples were lost (a dropout); recorders fill the gap.
    public var index: Int64

    /// When the sample was taken, in seconds since the Unix epoch, on the source's clock.
    public var time: Double

    /// One value per channel, in the unit of ``SourceInfo/unit`` (µV for EEG). `NaN` marks a channel
    /// value the device did not deliver.
    public var values: [Double]

    /// An event marker that starts at this sample, if any.
    public var marker: Marker?

    /// Creates a frame.
    public init(index: Int64, time: Double, values: [Double], marker: Marker? = nil) {
        self.index = index
        self.time = time
        self.values = values
        self.marker = marker
    }
}
