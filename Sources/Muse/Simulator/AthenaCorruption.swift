/// Faults a simulated Muse S Athena injects into its data notifications, modelled on the framing of
/// the protocol facts (docs/muse.md, "Athena").
enum AthenaCorruption {
    /// `payload` as a packet from `seconds` later would have it: every packet's device time moved on
    /// by `seconds` × 256 000 ticks and every sampled block's number by the blocks its sensor takes in
    /// that time (mod 256), the data unchanged. Block numbers and device time agree with each other,
    /// so only the arrival can tell the packet is not data the headband took since the last one (a
    /// replayed packet, or one garbled consistently): the Athena's counterpart of the classic
    /// headband's packet whose counter lies 30 000 ahead. `seconds` should hold whole blocks of every
    /// sensor (30 does: 1 920 EEG4, 3 840 EEG8, 520 motion, 640/960/1 920 optics blocks).
    static func farAhead(_ payload: [UInt8], seconds: Int) -> [UInt8] {
        var bytes = payload
        var start = 0
        while start + AthenaPacketHeader.length <= bytes.count {
            let length = Int(bytes[start])
            guard length >= AthenaPacketHeader.length, start + length <= bytes.count else { break }
            let end = start + length
            var time = UInt32(bytes[start + 2]) | UInt32(bytes[start + 3]) << 8 | UInt32(bytes[start + 4]) << 16 | UInt32(bytes[start + 5]) << 24
            time &+= UInt32(truncatingIfNeeded: seconds * Int(AthenaScale.deviceTicksPerSecond))
            for k in 0..<4 { bytes[start + 2 + k] = UInt8(truncatingIfNeeded: time >> UInt32(8 * k)) }
            // The first block's tag and number are header bytes 9 and 10; later blocks have a 5-byte header.
            var tagAt = start + 9
            var dataAt = start + AthenaPacketHeader.length
            while let tag = AthenaTag(rawValue: bytes[tagAt]) {
                bytes[tagAt + 1] &+= UInt8(truncatingIfNeeded: blocks(of: tag, in: seconds))
                let size = tag.dataLength ?? (end - dataAt)
                guard dataAt + size + 5 <= end else { break }
                tagAt = dataAt + size
                dataAt = tagAt + 5
            }
            start = end
        }
        return bytes
    }

    /// Blocks of `tag` the headband takes in `seconds` (0 for blocks that are not sampled series).
    static func blocks(of tag: AthenaTag, in seconds: Int) -> Int {
        switch tag {
        case .eeg4: seconds * 256 / 4
        case .eeg8: seconds * 256 / 2
        case .optics4: seconds * 64 / 3
        case .optics8: seconds * 64 / 2
        case .optics16: seconds * 64
        case .motion: seconds * 52 / 3
        case .battery, .batteryStatus, .unknown53: 0
        }
    }
}
