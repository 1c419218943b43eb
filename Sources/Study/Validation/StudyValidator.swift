/// Validates study files: parses with positions, reads every field strictly (unknown keys are
/// errors), then checks references, markers and placeholders. The only way the runner gets a
/// ``StudyDefinition`` from a file, so nothing runs from an invalid study.
package enum StudyValidator {
    /// Validates the JSON `text` of a study file named `file` (used in errors). Returns the study,
    /// or every error found, sorted by position.
    package static func validate(text: String, file: String) -> Result<StudyDefinition, StudyValidationFailure> {
        validate(bytes: Array(text.utf8), file: file)
    }

    /// Validates the UTF-8 `bytes` of a study file.
    package static func validate(bytes: [UInt8], file: String) -> Result<StudyDefinition, StudyValidationFailure> {
        let report = check(bytes: bytes, file: file)
        if let study = report.study { return .success(study) }
        return .failure(StudyValidationFailure(errors: report.errors))
    }

    /// Validates the UTF-8 `bytes` of a study file and, if it is valid, looks for warnings too.
    package static func check(bytes: [UInt8], file: String) -> StudyValidationReport {
        let root: JSONNode
        do {
            var parser = PositionedJSONParser(bytes: bytes)
            root = try parser.parse()
        } catch {
            let error = StudyDiagnostic(.error, file: file, position: error.position, path: error.path, message: error.expected)
            return StudyValidationReport(study: nil, errors: [error], warnings: [])
        }
        let reader = DocumentReader(file: file)
        let fileReader = StudyFileReader(reader: reader)
        let study = fileReader.readStudy(root)
        if let study, reader.errors.isEmpty {
            StudyChecker(study: study, root: root, reader: reader, textRecords: fileReader.textRecords).run()
        }
        if let study, reader.errors.isEmpty {
            let warnings = StudyLinter(study: study, root: root, file: file, textRecords: fileReader.textRecords).run()
            return StudyValidationReport(study: study, errors: [], warnings: warnings)
        }
        var sorted = reader.errors.sorted { ($0.line, $0.column, $0.path) < ($1.line, $1.column, $1.path) }
        if reader.omittedErrors > 0, let last = sorted.last {
            sorted.append(
                StudyDiagnostic(
                    .error, file: file, position: SourcePosition(line: last.line, column: last.column), path: .root,
                    message: "fewer mistakes: \(reader.omittedErrors) more are not listed (the first \(DocumentReader.maximumErrors) are)"))
        }
        return StudyValidationReport(study: nil, errors: sorted, warnings: [])
    }
}
