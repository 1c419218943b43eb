/// One EEG channel's packet of one block: the unit of a single-packet drop.
public struct ChannelPacket: Hashable, Sendable {
    /// The 16-bit packet counter.
    public var counter: UInt16
    /// The channel, 0 TP9 … 4 right AUX.
    public var channel: Int

    /// A packet.
    public init(counter: UInt16, channel: Int) {
        self.counter = counter
        self.channel = channel
    }
}
