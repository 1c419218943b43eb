import Foundation
import Storage
import Study

/// `participants.tsv` and `participants.json`: `participant_id`, then the columns the study maps from
/// questionnaire answers (`$.dataset.participantColumns`, opt-in), each participant's first answer
/// (`n/a` when never given). Merged with a published table: its participants and columns stay, this
/// export's participants replace their rows; rows sorted by label, so the bytes follow from the items.
struct BIDSParticipantsTable {
    /// The mapped columns (empty without a study or mapping).
    let columns: [ParticipantColumn]
    /// The study, for the columns' descriptions and levels.
    let study: StudyDefinition?

    /// The table text: `participants` (label → their questionnaire records, oldest first) merged into
    /// `existing` (a published table's text).
    func text(_ participants: [String: [QuestionnaireRecord]], merging existing: String?) -> String {
        var header = ["participant_id"]
        var rows: [String: [String: String]] = [:]
        if let existing {
            let lines = existing.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            if let first = lines.first { header = first }
            for cells in lines.dropFirst() where !(cells.first ?? "").isEmpty {
                rows[cells[0]] = Dictionary(zip(header, cells), uniquingKeysWith: { a, _ in a })
            }
        }
        for column in columns.map(\.column) where !header.contains(column) { header.append(column) }
        for (label, records) in participants {
            var row: [String: String] = ["participant_id": label]
            for column in columns { row[column.column] = Self.cell(Self.firstAnswer(column, in: records)) }
            rows[label] = row
        }
        let body = rows.keys.sorted().map { label in header.map { rows[label]?[$0] ?? "n/a" }.map(BIDSDataset.tsv).joined(separator: "\t") }
        return ([header.joined(separator: "\t")] + body).joined(separator: "\n") + "\n"
    }

    /// `participants.json`: every column's description, and the levels of choice answers.
    var description: [String: Any] {
        var object: [String: Any] = [
            "participant_id": ["Description": "The participant's pseudonymous UUID without hyphens (study-recorder's participant ID)."]
        ]
        for column in columns {
            let question = study?.questionnaires[column.questionnaire]?.questions.first { $0.id == column.question }
            let metadata = study.map(BIDSStudyMetadata.init)
            var entry: [String: Any] = [
                "Description": column.description ?? question?.text.flatMap { metadata?.render($0) }
                    ?? "Answer to question \(column.question) of questionnaire \(column.questionnaire)."
            ]
            if let question, let metadata { entry.merge(BIDSPhenotypeTable.details(question, metadata)) { a, _ in a } }
            object[column.column] = entry
        }
        return object
    }

    /// The first answer to `column`'s question among `records`.
    static func firstAnswer(_ column: ParticipantColumn, in records: [QuestionnaireRecord]) -> AnswerValue? {
        records.filter { $0.title == column.questionnaire }.lazy.compactMap { $0.answer(column.question) }.first
    }

    /// An answer as a TSV cell (`n/a` when absent or skipped; several choices comma-separated).
    static func cell(_ answer: AnswerValue?) -> String {
        guard let answer else { return "n/a" }
        return switch answer {
        case .integer(let v): String(v)
        case .number(let v): v.isFinite ? "\(v)" : "n/a"
        case .text(let v), .date(let v): v.isEmpty ? "n/a" : BIDSDataset.tsv(v)
        case .choices(let v): v.isEmpty ? "n/a" : v.map(String.init).joined(separator: ",")
        case .boolean(let v): v ? "true" : "false"
        case .none: "n/a"
        }
    }
}
