public import DataSources

/// One step of a stored recording played back in the order the live processor saw it
/// (``RecordingReader/playBack(blockRows:_:)``): EEG rows, the accelerometer rows taken up to them,
/// and the device's condition flips at the row they were stored at. After-the-fact judgements
/// (`analyze`, the report, the CSV export's verdict) feed these to the same processor the live view
/// runs, so they count off-head and motion windows by the device's and the accelerometer's word too.
package enum RecordingPlayback: Sendable {
    /// EEG rows (`firstIndex` is the row of `/Recording/Data`).
    case eeg(SampleBlock)
    /// Accelerometer rows (x, y, z in g) stored up to the time of the EEG that follows.
    case accelerometer(SampleBlock)
    /// A device condition flip stored as a device-state event (`onHead=false`), before the row it
    /// belongs to.
    case state(DeviceStateChange)
}

extension RecordingReader {
    /// Plays the recording back in order: EEG blocks of at most `blockRows` rows (split where a
    /// device-state event sits, so each flip comes just before its row), each preceded by the
    /// accelerometer rows stored up to its last time. Memory: the accelerometer stream (52 rows a
    /// second) and one block.
    package func playBack(blockRows: Int, _ body: (RecordingPlayback) throws -> Void) throws {
        var flips: [(row: Int64, change: DeviceStateChange)] = []
        for event in try events() where event.code == Marker.deviceStateCode {
            let parts = event.label.split(separator: "=")
            guard parts.count == 2, let state = DeviceState(rawValue: String(parts[0])), let value = Bool(String(parts[1])) else { continue }
            flips.append((event.sample, DeviceStateChange(state: state, value: value, time: event.time)))
        }
        flips.sort { $0.row < $1.row }
        let accelerometerName = descriptor.streams.first { $0.kind == .accelerometer }?.name
        // A stream whose values do not fill its rows is not played back (it cannot be judged).
        let accelerometer = try accelerometerName.flatMap { try stream(named: $0) }.flatMap {
            $0.values.count >= $0.times.count * max(1, $0.columns) ? $0 : nil
        }
        var accelerometerRow = 0
        var flip = 0
        var row: Int64 = 0
        while row < sampleCount {
            while flip < flips.count, flips[flip].row <= row {
                try body(.state(flips[flip].change))
                flip += 1
            }
            var count = Int64(max(1, blockRows))
            if flip < flips.count { count = min(count, flips[flip].row - row) }
            let block = try readBlock(from: row, count: Int(count))
            if block.isEmpty { break }
            if let accelerometer, let name = accelerometerName, let last = block.times.last {
                let width = max(1, accelerometer.columns)
                var end = accelerometerRow
                while end < accelerometer.times.count, accelerometer.times[end] <= last { end += 1 }
                if end > accelerometerRow {
                    try body(
                        .accelerometer(
                            SampleBlock(
                                stream: name, firstIndex: Int64(accelerometerRow), channelCount: width,
                                values: Array(accelerometer.values[(accelerometerRow * width)..<(end * width)]),
                                times: Array(accelerometer.times[accelerometerRow..<end]))))
                    accelerometerRow = end
                }
            }
            try body(.eeg(block))
            row += Int64(block.count)
        }
    }
}
