/// The pseudonymous file names of stored items. Names carry the kind, title, study day, session, run
/// and the participant's UUID, never a name: `r_<paradigm>_<day>_<session>_<run>_<uuid>.h5`,
/// `q_<title>_<day>_<session>_<run>_<uuid>.json`, as the reference app named them (with `.h5`).
package enum FileNaming {
    /// The title of a recording made without a paradigm (`record` without `--paradigm`):
    /// `r_recording_1_1_3_<uuid>.h5`.
    package static let untitled = "recording"

    /// The file name of a recording.
    package static func recording(paradigm: String?, day: Int, session: Int, run: Int, participant: String) -> String {
        "r_\(token(paradigm ?? untitled))_\(day)_\(session)_\(run)_\(participant).h5"
    }

    /// The file name of questionnaire answers.
    package static func questionnaire(title: String, day: Int, session: Int, run: Int, participant: String) -> String {
        "q_\(token(title))_\(day)_\(session)_\(run)_\(participant).json"
    }

    /// The file name of a task's trial table.
    package static func trials(title: String, day: Int, session: Int, run: Int, participant: String) -> String {
        "t_\(token(title))_\(day)_\(session)_\(run)_\(participant).json"
    }

    /// The file name of a consent record.
    package static func consent(study: String, participant: String) -> String {
        "c_\(token(study))_\(participant).json"
    }

    /// The file name of the consent typeset as a PDF, next to its record.
    package static func consentPDF(study: String, participant: String) -> String {
        "c_\(token(study))_\(participant).pdf"
    }

    /// Reduces `text` to letters, digits and hyphens so it is safe in a file name on any system.
    package static func token(_ text: String) -> String {
        let cleaned = String(
            text.unicodeScalars.map { scalar -> Character in
                (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) || scalar == "-")
                    ? Character(scalar) : "-"
            })
        return cleaned.isEmpty ? untitled : cleaned
    }

    /// The kind, title, day, session and run encoded in a file name made by this type, for adopting
    /// files found on disk without a catalog entry; `nil` for other names.
    package static func parse(_ fileName: String) -> (kind: ItemKind, title: String, day: Int, session: Int, run: Int, participant: String)? {
        var base = fileName
        for ext in EncryptionState.encryptedExtensions where base.hasSuffix("." + ext) { base.removeLast(ext.count + 1) }
        let kinds: [(String, String, ItemKind)] = [("r_", ".h5", .recording), ("q_", ".json", .questionnaire), ("t_", ".json", .trials)]
        for (prefix, ext, kind) in kinds where base.hasPrefix(prefix) && base.hasSuffix(ext) {
            let parts = base.dropFirst(prefix.count).dropLast(ext.count).split(separator: "_", omittingEmptySubsequences: false)
            guard parts.count == 5, let day = Int(parts[1]), let session = Int(parts[2]), let run = Int(parts[3]) else { return nil }
            return (kind, String(parts[0]), day, session, run, String(parts[4]))
        }
        return nil
    }
}
