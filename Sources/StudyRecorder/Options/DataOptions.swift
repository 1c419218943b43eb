import ArgumentParser
import Foundation
import Storage

/// Where the data folder is: `--data DIR`, else `$STUDY_RECORDER_DATA`, else `./study-data`.
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data"), help: ArgumentHelp("The data folder (default: $STUDY_RECORDER_DATA or ./study-data).", valueName: "dir"))
    var dataPath: String?

    /// The data folder's URL.
    var url: URL {
        let path = dataPath ?? ProcessInfo.processInfo.environment["STUDY_RECORDER_DATA"] ?? "study-data"
        return URL(fileURLWithPath: path)
    }

    /// Opens the data folder, or exits 73 with one line saying why it cannot be used.
    func openStore() throws -> DataStore {
        do {
            return try DataStore(root: url)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode.cannotCreate
        }
    }
}
