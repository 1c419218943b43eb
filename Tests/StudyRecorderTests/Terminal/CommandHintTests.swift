import Foundation
import TestSupport
import Testing

/// No library string names a `study-recorder` command (decision 0005): another program using the
/// libraries has no such commands, so a library says what happened and the CLI adds the command
/// (`CommandHint`). The scan reads every string of every library target, the localized tables
/// included; the only commands a library names are in the provenance a BIDS dataset records of the
/// `export` that made it.
struct CommandHintTests {
    static let sources = ProjectPaths.root.appendingPathComponent("Sources")

    /// The CLI's command names, from the commands' configurations.
    static func commands() throws -> [String] {
        let folder = sources.appendingPathComponent("StudyRecorder/Commands")
        var names: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            guard let range = text.range(of: #"commandName: "[a-z-]+""#, options: .regularExpression) else { continue }
            names.append(String(text[range].dropFirst("commandName: \"".count).dropLast()))
        }
        return names.sorted()
    }

    /// Where a BIDS dataset says which export made it (provenance, not an instruction).
    static let provenance = ["exported with `study-recorder export --format bids`", "\"Description\": \"study-recorder export --format bids\""]

    @Test func noLibraryStringNamesACommand() throws {
        let commands = try Self.commands()
        #expect(commands.contains("recover") && commands.contains("enroll") && commands.count > 15, "\(commands)")
        let pattern = #"study-recorder[ '`]+("# + commands.joined(separator: "|") + #")\b"#
        var found: [String] = []
        var scanned = 0
        for target in try FileManager.default.contentsOfDirectory(atPath: Self.sources.path) where target != "StudyRecorder" {
            let folder = Self.sources.appendingPathComponent(target)
            for file in FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [] where file.hasSuffix(".swift") {
                scanned += 1
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                    var code = String(line)
                    for allowed in Self.provenance { code = code.replacingOccurrences(of: allowed, with: "") }
                    if code.range(of: pattern, options: .regularExpression) != nil { found.append("\(target)/\(file):\(number + 1)") }
                }
            }
        }
        #expect(scanned > 300, "the scan reads the libraries' sources")
        #expect(found.isEmpty, "library strings naming a command: \(found)")
    }
}
