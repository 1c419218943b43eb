/// One data notification of a Muse S Athena split into its packets, with what could not be read.
///
/// A notification holds one or more packets back to back, each starting with its length byte. The
/// split never traps and allocates no more than the input's size: a length byte below the header size
/// or beyond the notification's end makes the rest of the notification unreadable, counted in
/// ``discardedBytes`` and reported in ``problems``.
package struct AthenaNotification: Sendable, Equatable {
    /// The packets in the order sent.
    package var packets: [AthenaPacket]
    /// Bytes that belonged to no readable packet.
    package var discardedBytes: Int
    /// Everything that could not be decoded, in order.
    package var problems: [AthenaDecodeError]

    /// Splits `payload` (the value of one notification on 273e0013 or 273e0014) into packets.
    package init(payload: some Collection<UInt8>) {
        let bytes = Array(payload)
        packets = []
        discardedBytes = 0
        problems = []
        var position = 0
        while position < bytes.count {
            let declared = Int(bytes[position])
            let available = bytes.count - position
            guard declared >= AthenaPacketHeader.length, declared <= available,
                let packet = AthenaPacket(bytes: bytes[position..<(position + declared)])
            else {
                problems.append(.invalidPacketLength(declared: declared, available: available))
                discardedBytes += available
                return
            }
            if let tag = packet.unknownTag { problems.append(.unknownTag(tag)) }
            if let tag = packet.truncatedTag { problems.append(.truncatedBlock(tag)) }
            packets.append(packet)
            position += declared
        }
    }

    /// The blocks of all packets, each with its packet's header, in the order sent.
    package var blocks: [(header: AthenaPacketHeader, block: AthenaBlock)] {
        packets.flatMap { packet in packet.blocks.map { (packet.header, $0) } }
    }
}
