import Foundation
import StudyRecorderKit
import StudyRecorderTesting
import TestSupport
import Testing
import Storage

/// The example program (Examples/RecordAndUpload), built with the package, run as a lab's program
/// would run it.
@Suite(.tags(.process, .server)) struct ExampleProgramTests {
    static func example() throws -> URL {
        try #require(ProjectPaths.builtProduct("record-and-upload"), "the example program is not built (swift build --build-tests)")
    }

    /// The acceptance test: the example against the oscillator and a real WebDAV server,
    /// connection → QA → progress → stored → uploaded, and the server holds the very file.
    @Test func recordsWithLiveQAThenUploadsInOrder() async throws {
        let folder = try TemporaryDirectory("example")
        let server = try WebDAVTestServer()
        defer { server.stop() }
        let setup = try TransferCLISetup(folder: folder, webdavURL: server.baseURL, password: server.password)
        let result = try await ProcessRunner.runDetached(try Self.example(), [setup.data.path, "--seconds", "20", "--speed", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let order = [
            "event connection connecting", "event started", "event connection connected", "event qa passed", "event progress", "event stored",
            "event upload planned", "event uploaded", "event upload finished sent 1 pending 0",
        ]
        var position = 0
        for prefix in order {
            let found = try #require(
                lines[position...].firstIndex { $0.hasPrefix(prefix) }, "no '\(prefix)' after line \(position):\n\(result.stdout)")
            position = found
        }
        // The recording arrived byte for byte (the consent record stays here by policy).
        let stored = try #require(lines.first { $0.hasPrefix("event stored ") }).dropFirst("event stored ".count)
        let local = try Data(contentsOf: setup.data.appendingPathComponent(String(stored)))
        let remoteName = try #require(lines.first { $0.hasPrefix("event uploaded \(stored) -> ") }?.components(separatedBy: " -> ").last)
        let remote = try Data(contentsOf: server.root.appendingPathComponent(remoteName.trimmingCharacters(in: CharacterSet(charactersIn: "/"))))
        #expect(remote == local)
    }

    /// Killed mid-recording, the program loses at most the last second; the next program that opens
    /// the folder through the kit gets the recording back, and logs no participant name.
    @Test func aKilledProgramsRecordingIsRecoveredWhenTheFolderIsOpened() async throws {
        let folder = try TemporaryDirectory("example")
        do {
            let recorder = try await Recorder(dataFolder: folder.url)
            let registry = try ParticipantRegistry(store: recorder.store)
            try registry.save(Participant(name: "Jane Example-Doe"))
        }
        let process = Process()
        process.executableURL = try Self.example()
        process.arguments = [folder.url.path, "--seconds", "600", "--speed", "4"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.runWithTerminationSignals()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        _ = try #require(await FileWaiter.first(withExtension: "partial", below: folder.url, timeout: 30))
        // Several flushes: the journal holds about 8 s of signal (about 2 s of host time at 4×).
        let journal = try #require(await FileWaiter.first(withExtension: "journal", below: folder.url, timeout: 30))
        #expect(FileWaiter.untilSize(of: journal, atLeast: 100_000, timeout: 30))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let (logger, log) = InMemoryLogHandler.logger(label: "kit-test")
        let recorder = try await Recorder(dataFolder: folder.url, logger: logger)
        let rebuilt = try #require(recorder.recovery.rebuilt.first, "\(recorder.recovery)")
        #expect(!rebuilt.outcome.isComplete)
        #expect(rebuilt.state == .pending)
        #expect(!log.entries.isEmpty)
        #expect(!log.entries.contains { $0.message.contains("Jane") || $0.metadata.values.contains { $0.contains("Jane") } })
    }
}
