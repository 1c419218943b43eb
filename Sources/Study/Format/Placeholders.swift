import Foundation

/// The `#name#` placeholders of texts: which exist, how they are found and filled.
public enum Placeholders {
    /// Placeholders the runner always fills: participant and helper names and the reference's
    /// derived forms, and the context values of preparation and announcements.
    public static let builtIn: Set<String> = [
        "patientName", "helperName", "ofPatient", "possessivePatient", "participant", "helper",
        "blockDuration", "youHaveTimeRemaining", "sessionTitle", "day", "nextDayOpens",
    ]

    /// The placeholder names in `text`, in order of appearance. A name is letters and digits between
    /// two `#`; a lone `#` is left alone.
    public static func names(in text: String) -> [String] {
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

    /// Replaces every `#name#` whose name is in `values`; unknown ones stay as they are.
    public static func fill(_ text: String, with values: [String: String]) -> String {
        var output = text
        for name in Set(names(in: text)) {
            if let value = values[name] {
                output = output.replacingOccurrences(of: "#\(name)#", with: value)
            }
        }
        return output
    }
}
