import Foundation

/// The `#name#` placeholders of texts: which exist, how they are found and filled. The one engine for
/// every text a participant sees: the study's texts (through ``StudyDefinition/render(_:locale:values:)``)
/// and announcements from the study team (``Announcement/rendered(with:)``) alike, so a placeholder
/// reads the same everywhere.
package enum Placeholders {
    /// Placeholders the runner fills (see ``PlaceholderScope`` for where): participant and helper
    /// names and the reference's derived forms, and the context values of sessions.
    package static let builtIn: Set<String> = [
        "patientName", "helperName", "ofPatient", "possessivePatient", "participant", "helper", "of", "your",
        "blockDuration", "youHaveTimeRemaining", "sessionTitle", "day", "nextDayOpens",
    ]

    /// The placeholder names in `text`, in order of appearance. A name is letters and digits between
    /// two `#`; a lone `#` is left alone.
    package static func names(in text: String) -> [String] {
        var result: [String] = []
        var current: String?
        for character in text {
            if character == "#" {
                if let name = current, !name.isEmpty {
                    result.append(name)
                    current = nil
                } else {
                    current = ""
                }
            } else if current != nil {
                if character.isLetter || character.isNumber || character == "_" {
                    current?.append(character)
                } else {
                    current = nil
                }
            }
        }
        return result
    }

    /// `text` with every `#name#` from `values` filled and every other one removed (with its `#`s),
    /// and the names that were removed: for texts no validator has seen (announcements), which must
    /// never show a raw placeholder.
    package static func fillAll(_ text: String, with values: [String: String]) -> (text: String, unknown: [String]) {
        var known = values
        var unknown: [String] = []
        for name in names(in: text) where values[name] == nil && !unknown.contains(name) {
            unknown.append(name)
            known[name] = ""
        }
        return (fill(text, with: known), unknown)
    }

    /// Replaces every `#name#` whose name is in `values`; unknown ones stay as they are.
    package static func fill(_ text: String, with values: [String: String]) -> String {
        var output = text
        for name in Set(names(in: text)) {
            if let value = values[name] {
                output = output.replacingOccurrences(of: "#\(name)#", with: value)
            }
        }
        return output
    }
}
