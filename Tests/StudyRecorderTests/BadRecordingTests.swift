import DataSources
import Foundation
import TestSupport
import Testing

/// `analyze` and replay (`record --source replay`) refuse every malformed recording with exit 65 and
/// one line naming the file, store nothing, and never trap, also on recordings with random bytes
/// overwritten.
@Suite(.tags(.process))
struct BadRecordingTests {
    /// One line on standard error that names `file`.
    static func expectOneLine(_ result: ProcessResult, naming file: String, _ context: String) {
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && result.stderr.contains(file), "\(context): \(result.stderr)")
    }

    @Test func analyzeAndReplayRefuseEveryMalformedRecording() throws {
        let dir = try TemporaryDirectory("cli-bad-recordings")
        try MalformedRecordings.write(into: dir.url)
        for malformed in MalformedRecordings.cases + [MalformedRecordings.Case(name: "no_samples", reason: "no samples")] {
            let file = dir.path(malformed.name + ".h5").path
            if malformed.name != "no_samples" {
                let analyzed = try CLI.run(["analyze", file])
                #expect(analyzed.status == 65, "analyze \(malformed.name): \(analyzed.status) \(analyzed.stderr)")
                Self.expectOneLine(analyzed, naming: file, "analyze \(malformed.name)")
            }
            let data = dir.path("data-" + malformed.name)
            let replayed = try CLI.run(["record", "--data", data.path, "--source", "replay", "--replay", file, "--speed", "0", "--duration", "2s"])
            #expect(replayed.status == 65, "replay \(malformed.name): \(replayed.status) \(replayed.stderr)")
            Self.expectOneLine(replayed, naming: file, "replay \(malformed.name)")
            let stored = (FileManager.default.subpaths(atPath: data.path) ?? []).filter { $0.hasSuffix(".h5") }
            #expect(stored.isEmpty, "replay \(malformed.name) stored \(stored)")
        }
    }

    /// A valid recording with a few random bytes overwritten (seeded, 40 variants): `analyze` either
    /// reads it (0) or refuses it (65 with one line), never ends by a signal.
    @Test func recordingsWithRandomBytesOverwrittenNeverTrap() throws {
        let dir = try TemporaryDirectory("cli-fuzz-recordings")
        try MalformedRecordings.write(into: dir.url)
        let whole = try Data(contentsOf: dir.path("whole.h5"))
        var generator = SplitMix64(seed: 10)
        for variant in 0..<40 {
            var bytes = [UInt8](whole)
            for _ in 0..<(1 + variant % 8) {
                // Most of the metadata (superblock, object headers, attributes) is in the first 4 KB.
                let limit = variant.isMultiple(of: 2) ? min(4096, bytes.count) : bytes.count
                bytes[Int(generator.next() % UInt64(limit))] = UInt8(truncatingIfNeeded: generator.next())
            }
            let file = dir.path("fuzz-\(variant).h5")
            try Data(bytes).write(to: file)
            let result = try CLI.run(["analyze", file.path, "--json"])
            #expect(result.status == 0 || result.status == 65, "variant \(variant): status \(result.status) \(result.stderr)")
            if result.status == 65 { Self.expectOneLine(result, naming: file.path, "variant \(variant)") }
        }
    }
}
