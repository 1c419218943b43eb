import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

#if canImport(Glibc)
import Glibc
#endif

@Suite(.tags(.process))
struct RecordCommandTests {
    @Test func recordsStoresAndListsARecording() throws {
        let dir = try TemporaryDirectory("cli-record")
        let result = try CLI.run([
            "record", "--data", dir.url.path, "--duration", "4s", "--speed", "0", "--seed", "11", "--paradigm", "rest", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)  // quiet when not on a terminal
        let item = try JSONDecoder.iso.decode(CatalogItem.self, from: Data(result.stdout.utf8))
        #expect(item.state == .pending)
        #expect(item.outcome.isComplete)
        #expect(item.path.hasPrefix(item.participant + "/r_rest_1_1_1_"))
        let reader = try RecordingReader(url: dir.url.appendingPathComponent(item.path))
        #expect(reader.sampleCount == 1024)
        var generator = OscillatorGenerator(configuration: .init(seed: 11))
        #expect(try reader.readBlock(from: 0, count: 1024).values == generator.next(1024)[0].values)

        let listed = try CLI.run(["list", "--data", dir.url.path, "--json"])
        #expect(listed.status == 0)
        let items = try JSONDecoder.iso.decode([CatalogItem].self, from: Data(listed.stdout.utf8))
        #expect(items == [item])
        let second = try CLI.run(["record", "--data", dir.url.path, "--duration", "1s", "--speed", "0", "--json"])
        #expect(try JSONDecoder.iso.decode(CatalogItem.self, from: Data(second.stdout.utf8)).run == 2)
    }

    /// A headband that is not there: nothing was recorded, so nothing of this run stays behind: not
    /// the data folder it would have created, nor a registry entry or participant folder in one that
    /// existed; what existed before stays as it was.
    @Test func anAbsentHeadbandLeavesNothingBehind() throws {
        let dir = try TemporaryDirectory("cli-muse-leftovers")
        let absent = "unix:" + dir.path("none.sock").path
        let fresh = dir.path("fresh-data")
        let missing = try CLI.run(["record", "--source", "muse", "--device", absent, "--data", fresh.path])
        #expect(missing.status == 69, "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fresh.path), "left \(fresh.path)")

        let existing = dir.path("data")
        #expect(try CLI.run(["record", "--data", existing.path, "--duration", "1s", "--speed", "0"]).status == 0)
        let registry = existing.appendingPathComponent("private/participants.json")
        let before = try Data(contentsOf: registry)
        let folders = try FileManager.default.contentsOfDirectory(atPath: existing.path).sorted()
        let stranger = UUID().uuidString
        let again = try CLI.run(["record", "--source", "muse", "--device", absent, "--data", existing.path, "--participant", stranger])
        #expect(again.status == 69, "\(again.stderr)")
        #expect(try Data(contentsOf: registry) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: existing.path).sorted() == folders)
    }

    @Test func badArgumentsAndUnusableFoldersGiveOneLineAndAMeaningfulExitCode() throws {
        let dir = try TemporaryDirectory("cli-bad")
        let badDuration = try CLI.run(["record", "--data", dir.url.path, "--duration", "soon"])
        #expect(badDuration.status == 64)
        #expect(badDuration.stderr.contains("duration"))
        let badMains = try CLI.run(["record", "--data", dir.url.path, "--mains", "55"])
        #expect(badMains.status == 64)

        let file = dir.path("a-file")
        try Data().write(to: file)
        let notAFolder = try CLI.run(["record", "--data", file.appendingPathComponent("sub").path, "--duration", "1s", "--speed", "0"])
        #expect(notAFolder.status == 73)
        #expect(notAFolder.stderr.split(separator: "\n").count == 1)
        #expect(notAFolder.stderr.contains("cannot write to data folder"))

        let missingReplay = try CLI.run(["record", "--data", dir.url.path, "--source", "replay", "--replay", dir.path("nope.h5").path])
        #expect(missingReplay.status == 66)
        let muse = try CLI.run(["record", "--data", dir.url.path, "--source", "muse"])
        #expect(muse.status == 69 && muse.stderr.contains("Bluetooth"))  // no Bluetooth in this kernel: one line naming it
        #expect(try CLI.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == ProductVersion.current)
        #expect(try CLI.run(["record", "--help"]).stdout.contains("--duration"))
    }

    @Test(.enabled(if: ProjectPaths.isCI || Tmpfs.canMount, "needs root to mount a small tmpfs"))
    func diskFullKeepsWhatWasRecorded() throws {
        // A 1 MiB tmpfs is the honest way to fill a disk; it needs root, which CI and developers have here.
        let dir = try TemporaryDirectory("cli-full")
        let mount = dir.path("small")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        let mounted = try ProcessRunner.run(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=600k", "tmpfs", mount.path])
        // Skipped up front when a tmpfs cannot be mounted here (never in CI): from here on it must mount.
        try #require(mounted.status == 0, "cannot mount a tmpfs: \(mounted.stderr)")
        defer { _ = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/umount"), [mount.path]) }
        let result = try CLI.run(["record", "--data", mount.path, "--duration", "2h", "--speed", "0", "--signal", "realistic"])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("disk full"))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        // What fitted is kept: moved to a disk with room, `recover` rebuilds it from the journal.
        let roomy = dir.path("roomy")
        try FileManager.default.copyItem(at: mount, to: roomy)
        _ = try ProcessRunner.run(URL(fileURLWithPath: "/bin/umount"), [mount.path])
        let recovered = try CLI.run(["recover", "--data", roomy.path, "--json"])
        #expect(recovered.status == 0, "\(recovered.stderr)")
        let store = try DataStore(root: roomy)
        let items = try store.catalog.items()
        #expect(items.count == 1)
        let reader = try RecordingReader(url: store.url(of: try #require(items.first).path))
        #expect(reader.sampleCount > 256 * 10)
        #expect(!reader.outcome.isComplete)
    }

    /// A recording stopped by a signal is stored, incomplete, and the exit code says which signal:
    /// 130 after Ctrl-C, 143 after SIGTERM (`systemctl stop`, `kill`), as for every command.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalStopsTheRecordingWithItsOwnExitCode(_ signal: Int32) throws {
        let dir = try TemporaryDirectory("cli-record-signal")
        let process = Process()
        process.executableURL = try CLI.binary()
        process.arguments = ["record", "--data", dir.url.path, "--duration", "10m", "--json"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.runWithTerminationSignals()
        defer { if process.isRunning { process.terminate() } }
        let journal = try #require(FileWaiter.firstBlocking(withExtension: "journal", below: dir.url, timeout: 30))
        #expect(FileWaiter.untilSize(of: journal, atLeast: 8_000, timeout: 30))
        kill(process.processIdentifier, signal)
        let json = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal)
        let item = try JSONDecoder.iso.decode(CatalogItem.self, from: json)
        #expect(!item.outcome.isComplete && item.state == .pending)
        #expect(try RecordingReader(url: dir.url.appendingPathComponent(item.path)).sampleCount > 0)
    }
}

extension JSONDecoder {
    static let iso: JSONDecoder = {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .iso8601
        return d
    }()
}
