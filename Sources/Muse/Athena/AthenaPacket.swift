/// One Muse S Athena packet: its header and the data blocks that could be parsed.
///
/// Parsing stops at a tag of unknown size (recorded in ``unknownTag``) or at a block that runs past
/// the packet's end (``truncatedTag``); the blocks before it are kept. Nothing is guessed.
package struct AthenaPacket: Sendable, Equatable {
    /// The 14-byte header.
    package var header: AthenaPacketHeader
    /// The blocks in the order sent.
    package var blocks: [AthenaBlock]
    /// The unknown tag byte that ended the parse early, if one did.
    package var unknownTag: UInt8?
    /// The known tag whose block ran past the packet's end, if one did.
    package var truncatedTag: AthenaTag?

    /// Creates a packet from its parts.
    package init(header: AthenaPacketHeader, blocks: [AthenaBlock], unknownTag: UInt8? = nil, truncatedTag: AthenaTag? = nil) {
        self.header = header
        self.blocks = blocks
        self.unknownTag = unknownTag
        self.truncatedTag = truncatedTag
    }

    /// Parses the blocks of one packet; `bytes` is exactly the packet (header included), as framed by
    /// ``AthenaNotification``. Returns `nil` when the bytes cannot hold a header.
    ///
    /// The first block has no header of its own (its tag and sequence number are header bytes 9 and
    /// 10); each further block has a 5-byte header: tag, sequence number, 3 unknown bytes.
    package init?(bytes: ArraySlice<UInt8>) {
        guard let header = AthenaPacketHeader(bytes) else { return nil }
        self.header = header
        blocks = []
        var tagByte = header.firstTag
        var sequence = header.firstBlockSequence
        var position = bytes.startIndex + AthenaPacketHeader.length
        while true {
            guard let tag = AthenaTag(rawValue: tagByte) else {
                unknownTag = tagByte
                return
            }
            let available = bytes.endIndex - position
            let size = tag.dataLength ?? available
            guard size >= tag.minimumDataLength, available >= size else {
                truncatedTag = tag
                return
            }
            blocks.append(AthenaBlock(tag: tag, sequence: sequence, data: Array(bytes[position..<(position + size)])))
            position += size
            if position == bytes.endIndex { return }
            guard bytes.endIndex - position >= 5 else {
                truncatedTag = AthenaTag(rawValue: bytes[position])
                if truncatedTag == nil { unknownTag = bytes[position] }
                return
            }
            tagByte = bytes[position]
            sequence = bytes[position + 1]
            position += 5
        }
    }
}
