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

    /// Opens the data folder of a command that only reads or maintains what exists (`list`, `status`,
    /// `upload`, `recover`, `announcements`): it is never created, so a mistyped `--data` in a cron line
    /// fails with 66 and one line instead of reporting an empty, freshly made folder.
    func openExistingStore() async throws -> DataStore {
        try requireExisting()
        return try await openStore()
    }

    /// Exits 66 with one line unless the data folder exists (as a folder).
    func requireExisting() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandError.missingInput("no data folder at \(url.path) (check --data or $STUDY_RECORDER_DATA)")
        }
    }

    /// Opens the data folder, creating it when needed (commands that store: `record`, `enroll`, `run`),
    /// or exits 73 with one line saying why it cannot be used. The folder is opened off the
    /// cooperative pool (``DataStore/open(root:)``: the catalog's lock may wait for another process).
    func openStore() async throws -> DataStore {
        do {
            return try await DataStore.open(root: url)
        } catch let error as StorageError {
            throw error
        } catch {
            throw CommandError.unusableDataFolder(error)
        }
    }
}
