import Foundation

/// Finds the warnings of a valid study: missing translations and unused definitions.
struct StudyLinter {
    let study: StudyDefinition
    let root: JSONNode
    let file: String
    let textRecords: [StudyFileReader.TextRecord]

    func run() -> [StudyDiagnostic] {
        var warnings: [StudyDiagnostic] = []
        func warn(_ path: JSONPath, _ message: String) {
            let position = root.node(at: path)?.position ?? root.position
            warnings.append(StudyDiagnostic(.warning, file: file, position: position, path: path, message: message))
        }
        for record in textRecords where record.text.universal == nil {
            let missing = study.locales.filter { record.text.translations[$0] == nil }
            if !missing.isEmpty {
                let list = missing.map { "'\($0)'" }.joined(separator: ", ")
                warn(record.path, "no translation for \(list); '\(study.defaultLocale)' is shown instead")
            }
        }
        let usedSessions = Set(study.days.flatMap(\.sessions))
        let usedQuestionnaires = Set(study.sessions.values.compactMap(\.questionnaire))
        let usedPreparations = Set(study.sessions.values.flatMap { [$0.preparation, $0.betweenBlocks].compactMap { $0 } })
        let usedTrialTypes = Set(
            study.sessions.values.flatMap { $0.blocks.flatMap { $0.intro + $0.trials.map(\.type) + $0.outro } })
        let usedTexts = Set(
            textRecords.flatMap { $0.text.allVariants.flatMap(Placeholders.names(in:)) }
        )
        let groups: [(String, [String], Set<String>, String)] = [
            ("sessions", Array(study.sessions.keys), usedSessions, "no day lists this session"),
            ("questionnaires", Array(study.questionnaires.keys), usedQuestionnaires, "no session uses this questionnaire"),
            ("preparations", Array(study.preparations.keys), usedPreparations, "no session uses this preparation"),
            ("trialTypes", Array(study.trialTypes.keys), usedTrialTypes, "no block uses this trial type"),
            ("texts", Array(study.texts.keys), usedTexts, "no text uses #name# for this named text"),
        ]
        for (key, names, used, message) in groups {
            for name in names.sorted() where !used.contains(name) {
                warn(JSONPath.root.appending(key).appending(name), message.replacingOccurrences(of: "#name#", with: "#\(name)#"))
            }
        }
        return warnings.sorted { ($0.line, $0.column, $0.path) < ($1.line, $1.column, $1.path) }
    }
}
