import DataSources

/// `/Device/Notifications` of a recording: the device's notifications as they arrived, in parallel
/// 1-D datasets (``RecordingFormat/Device/Notifications``): `Time` (float64, recording clock),
/// `ReceiveClock` (int64 ns), `Channel` (uint8, an index into the `Channels` attribute), `Length`
/// (uint16) and `Bytes` (uint8, the notifications back to back). Numbers are shuffled and deflated,
/// the bytes deflated; rows are chunked by 4096, bytes by 64 KiB. Knows nothing of any device.
final class NotificationDatasets {
    private typealias N = RecordingFormat.Device.Notifications

    private let group: HDF5Object
    private let time: AppendableDataset
    private let receiveClock: AppendableDataset
    private let channel: AppendableDataset
    private let length: AppendableDataset
    private let bytes: AppendableDataset
    private var channelNames: [String] = []
    private var prologueEntries: Int64 = 0
    private var scale: Double?
    private(set) var count: Int64 = 0
    private(set) var byteCount: Int64 = 0

    init(in device: HDF5Object, deflateLevel: UInt32) throws {
        group = try device.createGroup("Notifications")
        let rows = 4096
        time = try AppendableDataset(in: group, name: N.time, element: .double, columns: 0, chunkRows: rows, deflateLevel: deflateLevel)
        receiveClock = try AppendableDataset(
            in: group, name: N.receiveClock, element: .int64, columns: 0, chunkRows: rows, deflateLevel: deflateLevel)
        channel = try AppendableDataset(in: group, name: N.channel, element: .uint8, columns: 0, chunkRows: rows, deflateLevel: deflateLevel)
        length = try AppendableDataset(in: group, name: N.length, element: .uint16, columns: 0, chunkRows: rows, deflateLevel: deflateLevel)
        bytes = try AppendableDataset(in: group, name: N.bytes, element: .uint8, columns: 0, chunkRows: 65536, deflateLevel: deflateLevel)
        try time.object.setAttribute(RecordingFormat.Recording.DataAttribute.unit, RecordingFormat.Unit.secondsSinceEpoch)
        try receiveClock.object.setAttribute(RecordingFormat.Recording.DataAttribute.unit, "ns")
    }

    /// Appends a batch; its channel indices are those of the recording's cumulative name table.
    func append(_ batch: DeviceNotifications, prologue: Int) throws {
        guard !batch.isEmpty else { return }
        if batch.channelNames != channelNames {
            channelNames = batch.channelNames
            try group.setAttribute(N.channels, channelNames)
        }
        if scale != batch.receiveClockScale {
            scale = batch.receiveClockScale
            try group.setAttribute(N.receiveClockScale, batch.receiveClockScale)
        }
        if prologue > 0, count == 0 {
            prologueEntries = Int64(prologue)
            try group.setAttribute(N.prologueEntries, prologueEntries)
        }
        try time.append(batch.times)
        try receiveClock.append(batch.receiveClock)
        try channel.append(batch.channels)
        try length.append(batch.lengths)
        if !batch.bytes.isEmpty { try bytes.append(batch.bytes) }
        count += Int64(batch.count)
        byteCount += Int64(batch.bytes.count)
    }

    /// Stores the counts and closes the datasets.
    func close() throws {
        if channelNames.isEmpty { try group.setAttribute(N.channels, [String]()) }
        try group.setAttribute(N.prologueEntries, prologueEntries)
        try group.setAttribute(N.count, count)
        try group.setAttribute(N.byteCount, byteCount)
        try time.close(); try receiveClock.close(); try channel.close(); try length.close(); try bytes.close()
        try group.close()
    }
}
