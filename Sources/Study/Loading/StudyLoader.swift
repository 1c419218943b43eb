public import Foundation

/// Finds and validates a study folder: `Studies/<name>/study.json`.
package enum StudyLoader {
    /// The name of the study file inside a study folder.
    package static let fileName = "study.json"

    /// The study file of `folder` (or `folder` itself if it names a `.json` file).
    package static func studyFile(in folder: URL) -> URL {
        folder.pathExtension == "json" ? folder : folder.appendingPathComponent(fileName)
    }

    /// Loads and validates the study in `folder`. `displayPath` is how the file is named in errors
    /// (defaults to the path as given).
    package static func load(folder: URL, displayPath: String? = nil) throws(StudyLoadError) -> StudyDefinition {
        let file = studyFile(in: folder)
        let name = displayPath ?? file.relativePath
        let bytes = try read(file, name: name)
        switch StudyValidator.validate(bytes: bytes, file: name) {
        case .success(var study):
            // Key files (the signing key, the encryption recipients') are named relative to the study folder.
            let studyFolder = file.deletingLastPathComponent()
            func inStudyFolder(_ path: String) -> String {
                path.hasPrefix("/") ? path : studyFolder.appendingPathComponent(path).standardizedFileURL.path
            }
            if let key = study.settings.announcements?.signingKeyFile {
                study.settings.announcements?.signingKeyFile = inStudyFolder(key)
            }
            study.settings.encryption.recipients = study.settings.encryption.recipients.map { entry in
                OpenPGPFingerprint.parse(entry) == nil ? inStudyFolder(entry) : entry
            }
            return study
        case .failure(let failure): throw .invalid(failure)
        }
    }
}

extension StudyLoader {
    /// Validates the study in `folder` and returns the full report (with warnings), or throws
    /// ``StudyLoadError/missing(path:)`` when there is no study file.
    package static func check(folder: URL, displayPath: String? = nil) throws(StudyLoadError) -> StudyValidationReport {
        let file = studyFile(in: folder)
        let name = displayPath ?? file.relativePath
        do throws(BoundedFile.Failure) {
            return StudyValidator.check(bytes: try BoundedFile.read(file, limit: BoundedFile.studyFileLimit), file: name)
        } catch {
            guard case .tooLarge(let limit) = error else { throw .missing(path: name) }
            return StudyValidationReport(study: nil, errors: [tooLarge(name, limit: limit)], warnings: [])
        }
    }

    /// The bytes of the study file, or ``StudyLoadError/missing(path:)``, or an invalid study when the
    /// file is over ``BoundedFile/studyFileLimit`` (refused before it is parsed).
    static func read(_ file: URL, name: String) throws(StudyLoadError) -> [UInt8] {
        do throws(BoundedFile.Failure) {
            return try BoundedFile.read(file, limit: BoundedFile.studyFileLimit)
        } catch {
            guard case .tooLarge(let limit) = error else { throw .missing(path: name) }
            throw .invalid(StudyValidationFailure(errors: [tooLarge(name, limit: limit)]))
        }
    }

    /// The error for a study file over `limit` bytes.
    static func tooLarge(_ name: String, limit: Int) -> StudyDiagnostic {
        StudyDiagnostic(
            .error, file: name, position: SourcePosition(line: 1, column: 1), path: .root,
            message: "a study file of at most \(BoundedFile.describe(limit)); this one is larger")
    }
}
