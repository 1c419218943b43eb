/// What a simulated Muse S Athena streams once started: generated packets for its preset, or the
/// notifications of a recorded capture with their original spacing.
enum AthenaFeed {
    /// Packets made by ``AthenaPacketGenerator``.
    case generated(AthenaPacketGenerator)
    /// A capture's data notifications, with the index of the next one.
    case replay([AthenaCaptureLine], next: Int)

    /// Seconds after the start (signal time) at which the next notification leaves, and its bytes;
    /// `nil` when a replay has ended.
    mutating func next() -> (due: Double, payload: [UInt8])? {
        switch self {
        case .generated(var generator):
            let item = generator.next()
            self = .generated(generator)
            return item
        case .replay(let lines, let index):
            guard index < lines.count, let first = lines.first else { return nil }
            self = .replay(lines, next: index + 1)
            return (lines[index].hostTime - first.hostTime, lines[index].payload)
        }
    }
}
