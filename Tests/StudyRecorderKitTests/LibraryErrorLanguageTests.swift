import DataSources
import Storage
import Study
import StudyRecorderKit
import Testing

/// Library errors speak the library's language: another program using them has no `study-recorder`
/// commands, so no message tells it to run one (the CLI adds its commands itself, `CommandHint`).
struct LibraryErrorLanguageTests {
    @Test func storageErrorsNameNoCommand() {
        let errors: [StorageError] = [
            .unwritableFolder(path: "/data", reason: "read-only file system"), .diskFull(path: "/data/r.h5.partial"),
            .hdf5(operation: "H5Dwrite", path: "/data/r.h5", reason: "no space"), .io(path: "/data/x", reason: "EIO"),
            .notARecording(path: "/data/x.h5", reason: "no /EEG"), .participant("unknown participant"),
        ]
        for error in errors {
            #expect(!"\(error)".contains("study-recorder"), "\(error)")
        }
        // What a full disk leaves is still said: the data is kept and recovery rebuilds it.
        #expect("\(StorageError.diskFull(path: "/data/r.h5.partial"))".contains("kept"))
    }

    @Test(arguments: ["en", "de"])
    func runnerErrorsNameNoCommandInEitherLanguage(locale: String) {
        let strings = RuntimeStrings(locale: locale)
        let errors: [RunnerError] = [
            .notEnrolled(study: "mynd"), .alreadyEnrolled(study: "mynd", participant: "P"), .consentDeclined, .signatureMissing,
            .interrupted("headband lost"), .sourceFailed(.deviceNotFound("Muse")),
        ]
        for error in errors {
            let text = error.description(in: strings)
            #expect(!text.contains("study-recorder"), "\(text)")
        }
    }
}
