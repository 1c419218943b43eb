import ArgumentParser
import Storage

/// The `study-recorder` command: runs EEG study protocols, records, checks the signal, and moves the
/// data to the study's server.
@main
struct StudyRecorderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "study-recorder",
        abstract: "Run EEG studies from the terminal: record, check signal, store and upload data.",
        version: StorageModule.softwareVersion,
        subcommands: [
            EnrollCommand.self, RunCommand.self, StatusCommand.self, ValidateCommand.self,
            RecordCommand.self, CheckCommand.self, AnalyzeCommand.self,
            ListCommand.self, ExportCommand.self, UploadCommand.self, AnnouncementsCommand.self, RecoverCommand.self,
            DevicesCommand.self, SimulateHeadbandCommand.self,
        ]
    )
}
