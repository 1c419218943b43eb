import Storage
import Testing

/// Storage's errors speak the library's language: a program using the library has no
/// `study-recorder` commands, so no message tells it to run one (the CLI adds its own commands,
/// `CommandHint`).
struct StorageErrorTests {
    @Test func noMessageNamesACommand() {
        let errors: [StorageError] = [
            .unwritableFolder(path: "/data", reason: "read-only file system"), .diskFull(path: "/data/r.h5.partial"),
            .hdf5(operation: "H5Dwrite", path: "/data/r.h5", reason: "no space"), .io(path: "/data/x", reason: "EIO"),
            .notARecording(path: "/data/x.h5", reason: "no /EEG"), .participant("unknown participant"),
            .noSuchItem(name: "r_rest", root: "/data"), .ambiguousItem(name: "r_", candidates: ["a/r_1.h5", "b/r_2.h5"]),
        ]
        for error in errors {
            #expect(!"\(error)".contains("study-recorder"), "\(error)")
        }
        // What a full disk leaves is still said: the data is kept and recovery rebuilds it.
        #expect("\(StorageError.diskFull(path: "/data/r.h5.partial"))".contains("kept"))
    }
}
