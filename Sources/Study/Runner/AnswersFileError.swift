/// Why a scripted participant's answers (`run --auto --answers FILE`) were refused before the run:
/// a key that is no question of the study would otherwise be ignored, and the question it meant
/// answered with its default, stored as if the participant had chosen it.
package enum AnswersFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Keys that name no question the study asks; `suggestions` the closest id for each, where
    /// one is close; `known` every id the study asks.
    case unknownQuestions([String], suggestions: [String: String], known: [String])

    /// Checks `ids` (an answers file's keys) against the questions `study` asks: those of its
    /// questionnaires and consent, and the enrolment's own prompts (`consent`, `name`, `helperName`).
    package static func check(_ ids: some Sequence<String>, for study: StudyDefinition) throws(AnswersFileError) {
        let known = answerIDs(of: study)
        let unknown = ids.filter { !known.contains($0) }.sorted()
        guard !unknown.isEmpty else { return }
        var suggestions: [String: String] = [:]
        for id in unknown {
            let best = known.map { ($0, distance(id, $0)) }.min { ($0.1, $0.0) < ($1.1, $1.0) }
            if let best, best.1 <= max(1, id.count / 3) { suggestions[id] = best.0 }
        }
        throw .unknownQuestions(unknown, suggestions: suggestions, known: known.sorted())
    }

    /// Every id a scripted answer may be given for in `study`.
    package static func answerIDs(of study: StudyDefinition) -> Set<String> {
        var ids: Set<String> = ["consent", "name", "helperName"]
        for questionnaire in study.questionnaires.values { ids.formUnion(questionnaire.questions.map(\.id)) }
        ids.formUnion(study.consent.questions.map(\.id))
        return ids
    }

    package var description: String {
        switch self {
        case .unknownQuestions(let ids, let suggestions, let known):
            let named = ids.map { id in "'\(id)'" + (suggestions[id].map { " (did you mean '\($0)'?)" } ?? "") }
            let list = known.prefix(12).joined(separator: ", ") + (known.count > 12 ? ", …" : "")
            return "\(ids.count == 1 ? "no question of the study has the id" : "no questions of the study have the ids") "
                + named.joined(separator: ", ") + "; the study's question ids: \(list)"
        }
    }

    /// The edit distance (insertions, deletions, substitutions) between `a` and `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
