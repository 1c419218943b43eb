import Foundation
import Storage
import Study

/// A `phenotype/<questionnaire>Day<d>Session<s>.tsv` and its `.json` (opt-in, `$.dataset.phenotype`):
/// the answers given to one questionnaire at one study day and session, one row per participant
/// (`participant_id` is the table's index: the BIDS validator refuses a participant twice, so a
/// questionnaire asked on several days is one table per day and session; a session answered twice
/// keeps its first answers), then `recording_run` (the participant's run counter it was given at) and
/// one column per question with a choice, scale or number answer. Free-text, date and instruction
/// questions are left out (a shared table holds no free text or dates). Merged with a published
/// table by participant; rows sorted, so the bytes follow from the items.
struct BIDSPhenotypeTable {
    /// The questionnaire's name in the study.
    let name: String
    /// The questionnaire.
    let questionnaire: Questionnaire
    /// The study day and session the answers were given at.
    let day: Int
    let session: Int
    /// The study, for texts.
    let metadata: BIDSStudyMetadata

    /// The file name without extension.
    var stem: String { "\(BIDSDataset.taskLabel(name))Day\(day)Session\(session)" }
    /// The path of the table in the dataset.
    var path: String { "phenotype/\(stem).tsv" }
    /// The path of its sidecar.
    var sidecarPath: String { "phenotype/\(stem).json" }

    /// The questions that become columns.
    var questions: [Question] { questionnaire.questions.filter { ParticipantColumn.allowedKinds.contains($0.kind) } }

    /// The columns before the questions.
    static let keyColumns = ["participant_id", "recording_run"]

    /// Whether `record` belongs in this table.
    func holds(_ record: QuestionnaireRecord) -> Bool { record.title == name && record.day == day && record.session == session }

    /// The table text: `records` (label → that participant's records, oldest first) merged into
    /// `existing`.
    func text(_ records: [String: [QuestionnaireRecord]], merging existing: String?) -> String {
        let header = Self.keyColumns + questions.map(\.id)
        var rows: [String: String] = [:]
        if let existing {
            for line in existing.split(separator: "\n").dropFirst() {
                guard let label = line.split(separator: "\t", omittingEmptySubsequences: false).first, !label.isEmpty else { continue }
                rows[String(label)] = String(line)
            }
        }
        for (label, list) in records {
            guard let record = list.first(where: holds) else { continue }
            let cells = [label, String(record.run)] + questions.map { BIDSParticipantsTable.cell(record.answer($0.id)) }
            rows[label] = cells.map(BIDSDataset.tsv).joined(separator: "\t")
        }
        return ([header.joined(separator: "\t")] + rows.keys.sorted().compactMap { rows[$0] }).joined(separator: "\n") + "\n"
    }

    /// The sidecar: the questionnaire, and each column's question text and levels.
    var description: [String: Any] {
        var object: [String: Any] = [
            "MeasurementToolMetadata": [
                "Description": metadata.render(questionnaire.title) + " (study-recorder questionnaire \(name), study day \(day), session \(session))"
            ],
            "participant_id": ["Description": "The participant's pseudonymous UUID without hyphens."],
            "recording_run": ["Description": "The participant's run counter when the questionnaire was answered."],
        ]
        for question in questions {
            var entry: [String: Any] = ["Description": (question.text ?? question.title).map(metadata.render) ?? "Question \(question.id)."]
            entry.merge(Self.details(question, metadata)) { a, _ in a }
            object[question.id] = entry
        }
        return object
    }

    /// A question's `Levels` (the choices of a single-choice question; a validator checks every
    /// value against them, so several choices, comma-separated, get none) and `Units`.
    static func details(_ question: Question, _ metadata: BIDSStudyMetadata) -> [String: Any] {
        var entry: [String: Any] = [:]
        if question.kind == .singleChoice, let choices = question.choices, !choices.isEmpty {
            entry["Levels"] = Dictionary(choices.map { (String($0.value), metadata.render($0.text)) }, uniquingKeysWith: { a, _ in a })
        }
        if let unit = question.unit { entry["Units"] = metadata.render(unit) }
        return entry
    }
}
