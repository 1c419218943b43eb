import DataSources

/// `/Device/Notifications` of a recording: the device's notifications as they arrived, in parallel
/// 1-D datasets (``RecordingFormat/Device/Notifications``): `Time` (float64, recording clock),
/// `ReceiveClock` (int64 ns), `Channel` (uint8, an index into the `Channels` attribute), `Length`
/// (uint16) and `Bytes` (uint8, the notifications back to back). Numbers are shuffled and deflated at
/// the recording's level, the bytes deflated at level 1 (``bytesDeflateLevel``); rows are chunked by
/// 4096, bytes by 64 KiB. Knows nothing of any device.
///
/// Entries reach the datasets a chunk's worth at a time (``pending``), not with every flush (five
/// dataset appends a second at real time): the journal already holds every flush for a crash (the
/// `.h5.partial` file is never trusted; docs/performance.md, "Keeping the headband's bytes").
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
    /// Entries appended but not yet written to the datasets (channel indices of ``channelNames``).
    private var pending = DeviceNotifications()

    /// The deflate level of `Bytes` (unless the recording's is lower): a headband's notifications
    /// are packed samples that deflate by only ~12 % at any level; on the real Athena capture
    /// (p1041) level 1 stores 0.7 % more than level 4 in 85 % of its time (docs/performance.md).
    static let bytesDeflateLevel: UInt32 = 1

    /// Rows per chunk of the numbers, bytes per chunk of `Bytes`: what is written at a time.
    static let rowChunk = 4096
    static let byteChunk = 65536

    init(in device: HDF5Object, deflateLevel: UInt32) throws {
        group = try device.createGroup("Notifications")
        let rows = Self.rowChunk
        time = try AppendableDataset(in: group, name: N.time, element: .double, columns: 0, chunkRows: rows, deflateLevel: deflateLevel)
        receiveClock = try AppendableDataset(
            in: group, name: N.receiveClock, element: .int64, columns: 0, chunkRows: rows, deflateLevel: deflateLevel)
        channel = try AppendableDataset(in: group, name: N.channel, element: .uint8, columns: 0, chunkRows: rows, deflateLevel: deflateLevel)
        length = try AppendableDataset(in: group, name: N.length, element: .uint16, columns: 0, chunkRows: rows, deflateLevel: deflateLevel)
        bytes = try AppendableDataset(
            in: group, name: N.bytes, element: .uint8, columns: 0, chunkRows: Self.byteChunk, deflateLevel: min(deflateLevel, Self.bytesDeflateLevel))
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
        pending.append(contentsOf: batch)
        count += Int64(batch.count)
        byteCount += Int64(batch.bytes.count)
        if pending.count >= Self.rowChunk || pending.bytes.count >= Self.byteChunk { try writePending() }
    }

    private func writePending() throws {
        guard !pending.isEmpty else { return }
        let entries = pending.take()
        try time.append(entries.times)
        try receiveClock.append(entries.receiveClock)
        try channel.append(entries.channels)
        try length.append(entries.lengths)
        if !entries.bytes.isEmpty { try bytes.append(entries.bytes) }
    }

    /// Writes what is pending, stores the counts and closes the datasets.
    func close() throws {
        try writePending()
        if channelNames.isEmpty { try group.setAttribute(N.channels, [String]()) }
        try group.setAttribute(N.prologueEntries, prologueEntries)
        try group.setAttribute(N.count, count)
        try group.setAttribute(N.byteCount, byteCount)
        try time.close(); try receiveClock.close(); try channel.close(); try length.close(); try bytes.close()
        try group.close()
    }
}
