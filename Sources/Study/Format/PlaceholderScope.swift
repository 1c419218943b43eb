/// Where a text of the study file is shown, which decides the built-in placeholders that can be
/// filled in it: before enrolment nobody's name is known, a day's title belongs to no single
/// session, and only texts shown within a session know its title and durations. The validator
/// rejects a built-in placeholder outside its scope, so none ever reaches a screen unfilled.
package enum PlaceholderScope: String, Sendable, CaseIterable {
    /// The study's title and description, shown before enrolment.
    case study
    /// The consent document (title, pages, agreement, agreement phrase), shown before the name is given.
    case consent
    /// The consent questions, asked after the signature: names are known.
    case enrolment
    /// A day's title, shown with each of the day's sessions.
    case day
    /// Everything shown within a session: session, questionnaire, preparation and trial texts.
    case session

    /// The placeholders naming people (filled from the enrolment).
    package static let names: Set<String> = ["patientName", "helperName", "ofPatient", "possessivePatient"]
    /// The placeholders that are words of the locale ("participant", "helper", "of", "your"), known
    /// everywhere.
    package static let words: Set<String> = ["participant", "helper", "of", "your"]

    /// The built-in placeholders filled in texts of this scope.
    package var builtIns: Set<String> {
        switch self {
        case .study, .consent: Self.words
        case .enrolment: Self.words.union(Self.names)
        case .day: Self.words.union(Self.names).union(["day", "nextDayOpens"])
        case .session: Placeholders.builtIn
        }
    }

    /// The scope of the text at `path` in a study file.
    package static func of(_ path: JSONPath) -> PlaceholderScope {
        let keys = path.components.compactMap { component -> String? in
            if case .key(let key) = component { return key }
            return nil
        }
        switch keys.first {
        case "title", "description": return .study
        case "consent": return keys.dropFirst().first == "questions" ? .enrolment : .consent
        case "days": return .day
        default: return .session
        }
    }
}
