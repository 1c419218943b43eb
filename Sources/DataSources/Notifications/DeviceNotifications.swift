/// What a device sent, byte for byte, as it arrived: the input a source decoded its samples from.
/// A recording stores it (`/Device/Notifications`) so the samples can be decoded again later with
/// another decoder (`study-recorder redecode`), or the device's session played back.
///
/// A batch holds consecutive entries, oldest first, in parallel arrays. Each entry has its arrival
/// time on the recording clock (``times``), the same moment on the source's own receive clock in
/// nanoseconds (``receiveClock``: the exact value the decoder was given, which the recording clock's
/// float64 seconds cannot hold to the nanosecond), the channel it came on (an index into
/// ``channelNames``: a characteristic's UUID for a Bluetooth device, or a name the source gives its
/// own inputs) and its bytes (``lengths`` of them, concatenated in ``bytes``). An entry may have no
/// bytes: a source notes there what else its decoding depended on (a timer, the link closing).
///
/// The channel names are the source's, append-only for a run: index *i* names the same channel in
/// every batch of the run, and a later batch may name more.
public struct DeviceNotifications: Sendable, Equatable {
    /// Channel names; an entry's ``channels`` value indexes it.
    public var channelNames: [String]
    /// Arrival times, seconds since the Unix epoch on the recording clock.
    public var times: [Double]
    /// Arrival times on the source's receive clock, in nanoseconds.
    public var receiveClock: [Int64]
    /// The channel of each entry (index into ``channelNames``).
    public var channels: [UInt8]
    /// The byte count of each entry.
    public var lengths: [UInt16]
    /// Every entry's bytes, back to back.
    public var bytes: [UInt8]
    /// Seconds of the receive clock per second of the host's monotonic clock (1 for a real device; a
    /// simulated device run N times faster than real time has N): with the recording's clock anchor
    /// it turns a receive-clock time into the recording clock's.
    public var receiveClockScale: Double
    /// Whether the batch is the connection's opening exchange (the replies and first data a decoder
    /// needs before it can decode anything). A ``DataController`` keeps it and hands it to observers
    /// that subscribe once the source is running, after ``DataEvent/started(_:_:)``.
    public var isPrologue: Bool
    /// Whether this is the prologue handed to an observer that subscribed after the source had
    /// started: what came between it and the next batch is not in this observer's stream.
    public var isLateCopy: Bool

    /// An empty batch naming `channelNames`.
    public init(channelNames: [String] = [], receiveClockScale: Double = 1, isPrologue: Bool = false) {
        self.channelNames = channelNames
        self.times = []
        self.receiveClock = []
        self.channels = []
        self.lengths = []
        self.bytes = []
        self.receiveClockScale = receiveClockScale
        self.isPrologue = isPrologue
        self.isLateCopy = false
    }

    /// The number of entries.
    public var count: Int { times.count }

    /// Whether the batch holds no entry.
    public var isEmpty: Bool { times.isEmpty }

    /// Appends an entry on channel `channel` (an index into ``channelNames``); bytes beyond 65 535
    /// are cut (no device notification is that long).
    public mutating func append(time: Double, receiveClock clock: Int64, channel: UInt8, bytes value: some Collection<UInt8>) {
        let n = min(value.count, Int(UInt16.max))
        times.append(time)
        receiveClock.append(clock)
        channels.append(channel)
        lengths.append(UInt16(n))
        bytes.append(contentsOf: value.prefix(n))
    }

    /// Appends an entry of `value`'s bytes: the same as the generic ``append(time:receiveClock:channel:bytes:)``,
    /// without the generic call a source pays for on every notification it keeps.
    package mutating func append(time: Double, receiveClock clock: Int64, channel: UInt8, bytes value: [UInt8]) {
        let n = min(value.count, Int(UInt16.max))
        times.append(time)
        receiveClock.append(clock)
        channels.append(channel)
        lengths.append(UInt16(n))
        if n == value.count { bytes.append(contentsOf: value) } else { bytes.append(contentsOf: value[..<n]) }
    }

    /// The index of channel `name`, added to ``channelNames`` when new (`nil` once 256 are named).
    public mutating func channelIndex(_ name: String) -> UInt8? {
        if let i = channelNames.firstIndex(of: name) { return UInt8(i) }
        guard channelNames.count < 256 else { return nil }
        channelNames.append(name)
        return UInt8(channelNames.count - 1)
    }

    /// Hands over the entries and keeps the channel names, scale and an empty batch.
    ///
    /// The empty batch gets new storage for as many entries and bytes as were taken (the next batch
    /// is usually like the last: one hand-over of a source, one flush of a recorder), not the old
    /// capacity: the taken batch still holds the old storage, so keeping its capacity would allocate
    /// that much anew on every take, a second of data for ever after a prologue had grown it.
    public mutating func take() -> DeviceNotifications {
        let taken = self
        let n = taken.count
        times = []
        times.reserveCapacity(n)
        receiveClock = []
        receiveClock.reserveCapacity(n)
        channels = []
        channels.reserveCapacity(n)
        lengths = []
        lengths.reserveCapacity(n)
        bytes = []
        bytes.reserveCapacity(taken.bytes.count)
        isPrologue = false
        isLateCopy = false
        return taken
    }

    /// Appends `other`'s entries, mapping its channels onto this batch's names.
    public mutating func append(contentsOf other: DeviceNotifications) {
        times += other.times
        receiveClock += other.receiveClock
        // Batches of one run share their table's storage once this batch has taken it over (below),
        // which `==` sees at once; the indices stay valid when either table extends the other.
        if channelNames == other.channelNames || channelNames.starts(with: other.channelNames) {
            channels += other.channels
        } else if other.channelNames.starts(with: channelNames) {
            channelNames = other.channelNames
            channels += other.channels
        } else {
            let map = other.channelNames.map { channelIndex($0) ?? UInt8.max }
            channels += other.channels.map { Int($0) < map.count ? map[Int($0)] : UInt8.max }
        }
        lengths += other.lengths
        bytes += other.bytes
        receiveClockScale = other.receiveClockScale
    }

    /// The entries one by one: (time, receive clock, channel name, bytes).
    public var entries: [(time: Double, receiveClock: Int64, channel: String, bytes: ArraySlice<UInt8>)] {
        var out: [(time: Double, receiveClock: Int64, channel: String, bytes: ArraySlice<UInt8>)] = []
        out.reserveCapacity(count)
        var offset = 0
        for i in 0..<count {
            let n = Int(lengths[i])
            let end = min(bytes.count, offset + n)
            let c = Int(channels[i])
            out.append((times[i], receiveClock[i], c < channelNames.count ? channelNames[c] : "", bytes[offset..<end]))
            offset = end
        }
        return out
    }
}
