import ArgumentParser
import Foundation
import Storage

/// The `study-recorder` command: runs EEG study protocols, records, checks the signal, and moves the
/// data to the study's server.
@main
struct StudyRecorderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "study-recorder",
        abstract: "Run EEG studies from the terminal: record, check signal, store and upload data.",
        version: ProductVersion.current,
        subcommands: [
            EnrollCommand.self, RunCommand.self, StatusCommand.self, RemindCommand.self, ScoresCommand.self, ValidateCommand.self,
            RecordCommand.self, CheckCommand.self, AnalyzeCommand.self,
            ListCommand.self, ConsentCommand.self, ExportCommand.self, ReportCommand.self, UploadCommand.self, CollectCommand.self,
            AnnouncementsCommand.self, RecoverCommand.self, ResolveCommand.self, MigrateCommand.self, RedecodeCommand.self,
            DevicesCommand.self, SimulateHeadbandCommand.self, StreamCommand.self,
        ]
    )

    /// Runs the command line with negative option values joined to their option, `help` for a
    /// command that does not exist refused with 64, and every command-line error (64) reported as one
    /// line on standard error, like every other failure, instead of the error, usage and a hint.
    /// What a command throws is printed and mapped to the exit code here, once (``ExitStatus``).
    static func main() async {
        MallocArenas.limit()
        let arguments = CommandLineArguments.joiningNegativeValues(Array(CommandLine.arguments.dropFirst()))
        let commands = configuration.subcommands.map { $0._commandName } + ["help"]
        do {
            if let topic = CommandLineArguments.unknownHelpTopic(arguments, commands: commands) {
                throw CommandError.invalidOption("help: no such command '\(topic)'; the commands are \(commands.joined(separator: ", "))")
            }
            var command = try await asyncParseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // Every failure ends here: one line from the one table, one exit.
            guard let status = ExitStatus.of(error) ?? ExitStatus.commandLine(error) else { exit(withError: error) }
            if let line = status.line { status.prefixed ? Terminal.error(line) : Terminal.writeError(line + "\n") }
            Foundation.exit(status.code.rawValue)
        }
    }
}
