/// Consecutive samples of one stream, stored contiguously: the unit every consumer receives.
///
/// Values are one row-major buffer (`count` rows of ``channelCount`` columns) and times one buffer,
/// not a heap array per sample, so high rates and faster-than-real-time playback cost little. Index,
/// time, values and markers travel together: a stored time can never belong to another sample.
public struct SampleBlock: Sendable, Equatable {
    /// The stream the samples belong to (``StreamDescriptor/name``).
    public var stream: String
    /// The index of the first sample since the source started (per stream, from 0). Indices within a
    /// block are consecutive; a jump between blocks means samples were lost, and recorders fill it with
    /// `NaN` rows plus a gap event.
    public var firstIndex: Int64
    /// Columns per row.
    public var channelCount: Int
    /// `count × channelCount` values, row after row, in the stream's unit. `NaN` marks a value the
    /// device did not deliver.
    public var values: [Double]
    /// One time per row, seconds since the Unix epoch on the recording clock (see ``ClockAnchor``).
    public var times: [Double]
    /// The device's integer codes behind `values`, same layout, when the stream has a
    /// ``StreamDescriptor/RawCoding``; a missing value's code is ``StreamDescriptor/RawCoding/missingCode``
    /// and its value `NaN`.
    public var raw: [UInt16]?
    /// Event markers that start at a row of this block.
    public var markers: [BlockMarker]

    /// Creates a block; `values.count` must be `times.count × channelCount`.
    public init(
        stream: String = "eeg", firstIndex: Int64, channelCount: Int, values: [Double], times: [Double], raw: [UInt16]? = nil,
        markers: [BlockMarker] = []
    ) {
        self.stream = stream
        self.firstIndex = firstIndex
        self.channelCount = channelCount
        self.values = values
        self.times = times
        self.raw = raw
        self.markers = markers
    }

    /// Rows in the block.
    @inlinable public var count: Int { times.count }
    /// Whether the block has no rows.
    @inlinable public var isEmpty: Bool { times.isEmpty }
    /// The index one past the last row.
    @inlinable public var endIndex: Int64 { firstIndex + Int64(times.count) }

    /// The value of `channel` in `row`.
    @inlinable public func value(row: Int, channel: Int) -> Double { values[row * channelCount + channel] }

    /// The values of `row` as a new array (convenient, allocates; hot paths read ``values`` directly).
    public func row(_ row: Int) -> [Double] { Array(values[(row * channelCount)..<((row + 1) * channelCount)]) }

    /// The marker of `row`, if one starts there.
    public func marker(at row: Int) -> Marker? { markers.first { $0.row == row }?.marker }

    /// The rows `range` as a block of their own (markers and raw codes kept).
    public func slice(_ range: Range<Int>) -> SampleBlock {
        let c = channelCount
        return SampleBlock(
            stream: stream, firstIndex: firstIndex + Int64(range.lowerBound), channelCount: c,
            values: Array(values[(range.lowerBound * c)..<(range.upperBound * c)]), times: Array(times[range]),
            raw: raw.map { Array($0[(range.lowerBound * c)..<(range.upperBound * c)]) },
            markers: markers.filter { range.contains($0.row) }.map { BlockMarker(row: $0.row - range.lowerBound, marker: $0.marker) })
    }
}

/// A marker attached to one row of a ``SampleBlock``.
public struct BlockMarker: Sendable, Equatable {
    /// The row (0-based, within the block).
    public var row: Int
    /// The marker.
    public var marker: Marker

    /// Creates a block marker.
    public init(row: Int, marker: Marker) {
        self.row = row
        self.marker = marker
    }
}
