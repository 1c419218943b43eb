import Foundation
import TestSupport
import Testing

/// Only the one table picks an exit code (decision 0005): a command throws a library error or a
/// ``CommandError`` case, and `ExitStatus` maps it. A CLI source that names an `ExitCode` or exits
/// itself would let the same failure exit differently in different commands.
struct ExitCodeSitesTests {
    static let cli = ProjectPaths.root.appendingPathComponent("Sources/StudyRecorder")

    /// The CLI's Swift files, relative to Sources/StudyRecorder, with their lines that are code (not
    /// comments).
    static func codeLines() throws -> [(file: String, line: Int, text: String)] {
        let files = FileManager.default.enumerator(atPath: cli.path)?.allObjects as? [String] ?? []
        var lines: [(String, Int, String)] = []
        for file in files.sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOf: cli.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("//") { continue }
                lines.append((file, number + 1, String(line)))
            }
        }
        return lines
    }

    @Test func noCommandPicksAnExitCode() throws {
        let table: Set<String> = ["Terminal/ExitStatus.swift", "Terminal/ExitCode+StudyRecorder.swift"]
        let lines = try Self.codeLines()
        #expect(lines.contains { $0.file == "Commands/UploadCommand.swift" }, "the scan reads the CLI's sources")
        let sites = lines.filter { !table.contains($0.file) && $0.text.contains("ExitCode") }
        #expect(sites.isEmpty, "exit codes picked outside ExitStatus: \(sites.map { "\($0.file):\($0.line)" })")
    }

    @Test func onlyTheEntryPointExits() throws {
        let sites = try Self.codeLines().filter { line in
            line.file != "StudyRecorderCommand.swift"
                && line.text.range(of: #"(^|[^A-Za-z_])(_?exit|abort)\("#, options: .regularExpression) != nil
        }
        #expect(sites.isEmpty, "the process ended outside StudyRecorderCommand.main(): \(sites.map { "\($0.file):\($0.line)" })")
    }

    /// A command whose `run()` is async must be an `AsyncParsableCommand`: on a `ParsableCommand`
    /// ArgumentParser calls the synchronous default, which prints the help and exits 0 without
    /// doing anything.
    @Test func everyCommandWithAnAsyncRunIsAnAsyncCommand() throws {
        let folder = Self.cli.appendingPathComponent("Commands")
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            guard text.contains("func run() async") else { continue }
            checked += 1
            #expect(!text.contains(": ParsableCommand {"), "\(name) has an async run() on a ParsableCommand")
        }
        #expect(checked > 10)
    }
}
