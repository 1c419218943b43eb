/// Checked big-endian reads over one notification payload; internal helper of the packet decoders.
///
/// The length is verified once in ``init(_:packet:)``; the read methods are only called with offsets
/// inside the 20 bytes, so no read can go out of bounds.
struct PayloadBytes {
    private let bytes: [UInt8]

    /// Copies `payload` (any collection, e.g. a `Data` slice with a non-zero start index) and checks it
    /// is exactly ``MuseScale/payloadLength`` bytes long.
    init(_ payload: some Collection<UInt8>, packet: String) throws(MuseProtocolError) {
        let bytes = Array(payload)
        guard bytes.count == MuseScale.payloadLength else {
            throw .wrongPayloadLength(packet: packet, expected: MuseScale.payloadLength, actual: bytes.count)
        }
        self.bytes = bytes
    }

    /// The byte at `offset`.
    subscript(offset: Int) -> UInt8 { bytes[offset] }

    /// The unsigned big-endian 16-bit value at `offset`.
    func uint16(at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    /// The signed big-endian 16-bit value at `offset`.
    func int16(at offset: Int) -> Int16 {
        Int16(bitPattern: uint16(at: offset))
    }

    /// The unsigned big-endian 24-bit value at `offset`.
    func uint24(at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 16 | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2])
    }
}
