/// One EEG notification of one electrode: a 16-bit packet counter and 12 consecutive 12-bit samples.
///
/// Layout (20 bytes, big-endian): bytes 0–1 are the counter, which the five EEG characteristics share
/// for the same 12-sample block; bytes 2–19 hold 12 unsigned 12-bit codes packed MSB-first, two per
/// three bytes: `s0 = (b0 << 4) | (b1 >> 4)`, `s1 = ((b1 & 0x0F) << 8) | b2`.
package struct EEGPacket: Sendable, Equatable {
    /// The packet counter (wraps after 65535; see ``PacketCounter``).
    package var counter: UInt16
    /// The 12 raw codes, 0…4095, oldest first.
    package var codes: [UInt16]

    /// Creates a packet from its fields.
    package init(counter: UInt16, codes: [UInt16]) {
        self.counter = counter
        self.codes = codes
    }

    /// Decodes a notification; throws ``MuseProtocolError/wrongPayloadLength(packet:expected:actual:)``
    /// unless it is exactly 20 bytes.
    package init(payload: some Collection<UInt8>) throws(MuseProtocolError) {
        let bytes = try PayloadBytes(payload, packet: "EEG")
        var codes: [UInt16] = []
        codes.reserveCapacity(MuseScale.eegSamplesPerPacket)
        for pair in 0..<(MuseScale.eegSamplesPerPacket / 2) {
            let b0 = UInt16(bytes[2 + 3 * pair])
            let b1 = UInt16(bytes[3 + 3 * pair])
            let b2 = UInt16(bytes[4 + 3 * pair])
            codes.append(b0 << 4 | b1 >> 4)
            codes.append((b1 & 0x0F) << 8 | b2)
        }
        self.init(counter: bytes.uint16(at: 0), codes: codes)
    }

    /// The samples in µV, `0.48828125 × (code − 2048)` (``MuseScale/eegMicrovoltsPerCode``).
    package var microvolts: [Double] {
        codes.map(Self.microvolts(code:))
    }

    /// Per sample, whether the code is 0 or 4095: the front end is railed (saturated), a signal-quality
    /// warning rather than a measurement.
    package var railed: [Bool] {
        codes.map(Self.isRailed(code:))
    }

    /// Whether any sample of the packet is railed.
    package var isRailed: Bool { codes.contains(where: Self.isRailed(code:)) }

    /// Converts one code to µV with the open-decoder convention.
    package static func microvolts(code: UInt16) -> Double {
        MuseScale.eegMicrovoltsPerCode * (Double(code) - Double(MuseScale.eegZeroCode))
    }

    /// Whether `code` is at either rail (0 or 4095).
    package static func isRailed(code: UInt16) -> Bool {
        code == 0 || code >= MuseScale.eegMaximumCode
    }
}
