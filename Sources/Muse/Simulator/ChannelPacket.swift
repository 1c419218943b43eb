/// One EEG channel's packet of one block: the unit of a single-packet drop.
package struct ChannelPacket: Hashable, Sendable {
    /// The 16-bit packet counter.
    package var counter: UInt16
    /// The channel, 0 TP9 … 4 right AUX.
    package var channel: Int

    /// A packet.
    package init(counter: UInt16, channel: Int) {
        self.counter = counter
        self.channel = channel
    }
}
