import Testing

@testable import Muse

/// Random, truncated and overlong inputs into the Athena framing and decoders: nothing traps, output
/// stays bounded by the input, and every unreadable part is counted.
struct AthenaDecoderFuzzTests {
    /// Decodes every block of `notification`, returning how many decoded.
    private func decodeAll(_ notification: AthenaNotification) -> Int {
        var decoded = 0
        for (_, block) in notification.blocks {
            if let samples = try? AthenaSamples(block: block) {
                decoded += 1
                if case .eeg(let eeg) = samples { #expect(eeg.codes.allSatisfy { $0 <= 16383 }) }
                if case .optics(let optics) = samples { #expect(optics.codes.allSatisfy { $0 <= 0xFFFFF }) }
            }
        }
        return decoded
    }

    @Test func randomBytesNeverTrap() {
        var rng = SeededGenerator(seed: 21)
        var problems = 0
        for _ in 0..<5000 {
            let length = Int.random(in: 0...300, using: &rng)
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &rng) }
            let notification = AthenaNotification(payload: bytes)
            let blockBytes = notification.blocks.reduce(0) { $0 + $1.block.data.count }
            #expect(blockBytes + notification.discardedBytes <= length)
            #expect(notification.problems.count <= notification.packets.count + 1)
            problems += notification.problems.count
            _ = decodeAll(notification)
        }
        #expect(problems > 1000)
    }

    @Test func everyTruncationOfRealNotificationsIsSafeAndCounted() throws {
        let lines = try AthenaCaptureDecode.lines("data_p1041").prefix(40)
        for line in lines {
            let whole = AthenaNotification(payload: line.payload)
            #expect(whole.problems.isEmpty)
            for cut in 0..<line.payload.count {
                let part = AthenaNotification(payload: line.payload[0..<cut])
                // A cut packet is either refused whole (its length byte overruns) or absent.
                #expect(part.blocks.count <= whole.blocks.count)
                #expect(cut == 0 || !part.problems.isEmpty)
                _ = decodeAll(part)
            }
        }
    }

    @Test func mutatedRealNotificationsNeverTrap() throws {
        var rng = SeededGenerator(seed: 1041)
        let lines = try AthenaCaptureDecode.lines("data_p1035")
        for line in lines.prefix(400) {
            var bytes = line.payload
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let index = Int.random(in: 0..<bytes.count, using: &rng)
                bytes[index] = UInt8.random(in: .min ... .max, using: &rng)
            }
            if Bool.random(using: &rng) {
                bytes += (0..<Int.random(in: 1...600, using: &rng)).map { _ in UInt8.random(in: .min ... .max, using: &rng) }
            }
            let notification = AthenaNotification(payload: bytes)
            #expect(notification.blocks.reduce(0) { $0 + $1.block.data.count } <= bytes.count)
            _ = decodeAll(notification)
        }
    }

    @Test func capturePathologicalLinesAreRefused() {
        for text in [
            "", "x\ty\tz", "2025-13-25T08:24:09.8+00:00\t273e0013\t00", "2025-09-25T08:24:09.8+00:00\t273e0013\t0",
            "2025-09-25T08:24:09.8+00:00\t273e0013\tzz",
        ] {
            #expect(AthenaCaptureLine(Substring(text)) == nil)
        }
        #expect(AthenaCaptureLine("2025-09-25T08:24:09Z\t273E0013-x\t0aFF")?.payload == [0x0A, 0xFF])
    }
}
