/// The 14-byte header that opens every Muse S Athena packet.
///
/// Bytes: 0 = packet length including the header; 1 = packet sequence number (wraps at 256);
/// 2–5 = device time, unsigned 32-bit little-endian, in ticks of the 256 kHz clock; 6–8 unknown;
/// 9 = the tag of the packet's first data block; 10 = that block's sequence number (observed in the
/// captures: it continues the per-sensor block numbering of the following blocks); 11–13 unknown
/// (byte 13 is 0 on older firmware). The unknown bytes are kept so nothing is lost.
package struct AthenaPacketHeader: Sendable, Equatable {
    /// The header size in bytes.
    package static let length = 14

    /// The packet length in bytes, header included.
    package var packetLength: UInt8
    /// The packet sequence number, 0–255, wrapping.
    package var sequence: UInt8
    /// The device time of the packet in 256 kHz ticks (wraps after about 4.66 hours).
    package var deviceTime: UInt32
    /// The raw tag byte of the first data block (it may be a tag this module does not know).
    package var firstTag: UInt8
    /// The block sequence number of the first data block.
    package var firstBlockSequence: UInt8
    /// Bytes 6–8 and 11–13 as sent: not understood, kept raw.
    package var unknownBytes: [UInt8]

    /// Reads the header from the first 14 bytes of `packet`; `nil` when fewer are there.
    package init?(_ packet: ArraySlice<UInt8>) {
        guard packet.count >= Self.length else { return nil }
        let base = packet.startIndex
        packetLength = packet[base]
        sequence = packet[base + 1]
        deviceTime =
            UInt32(packet[base + 2]) | UInt32(packet[base + 3]) << 8 | UInt32(packet[base + 4]) << 16
            | UInt32(packet[base + 5]) << 24
        firstTag = packet[base + 9]
        firstBlockSequence = packet[base + 10]
        unknownBytes = Array(packet[(base + 6)..<(base + 9)]) + Array(packet[(base + 11)..<(base + 14)])
    }
}
