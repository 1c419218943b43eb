extension StudyFileReader {
    /// Reads `$.dataset` (``DatasetMetadata``); every key is optional. Which questionnaire and
    /// question a column names is checked by ``StudyChecker`` once the whole study is read.
    func readDataset(_ node: JSONNode, _ path: JSONPath) -> DatasetMetadata? {
        guard
            let fields = reader.object(
                node, path, what: "the dataset description", required: [],
                optional: [
                    "authors", "license", "howToAcknowledge", "institutionName", "institutionAddress", "institutionalDepartmentName",
                    "participantColumns", "phenotype",
                ])
        else { return nil }
        let authors = fields.value("authors", default: [String]()) { node, path in
            reader.array(node, path, what: "the list of authors", nonEmpty: true).flatMap { elements in
                collect(elements.map { reader.string($0.node, $0.path, what: "an author's name") })
            }
        }
        let license = fields.optional("license") { node, path -> String? in
            guard let text = reader.string(node, path, what: "a licence") else { return nil }
            guard Self.isLicenseIdentifier(text) else {
                reader.report(node, path, "an SPDX licence identifier such as 'CC-BY-4.0', 'CC0-1.0' or 'PDDL-1.0' (not '\(text)')")
                return nil
            }
            return text
        }
        let acknowledge = fields.optional("howToAcknowledge") { reader.string($0, $1, what: "how to acknowledge the dataset") }
        let institution = fields.optional("institutionName") { reader.string($0, $1, what: "the institution's name") }
        let address = fields.optional("institutionAddress") { reader.string($0, $1, what: "the institution's address") }
        let department = fields.optional("institutionalDepartmentName") { reader.string($0, $1, what: "the institution's department") }
        let columns = fields.value("participantColumns", default: [ParticipantColumn]()) { node, path in
            reader.array(node, path, what: "the list of participant columns").flatMap { elements in
                collect(elements.map { readParticipantColumn($0.node, $0.path) })
            }
        }
        if let columns, let node = fields.node("participantColumns"), Set(columns.map(\.column)).count != columns.count {
            reader.report(node, path.appending("participantColumns"), "each column named once")
            fields.fail()
        }
        let phenotype = fields.value("phenotype", default: false) { reader.bool($0, $1) }
        guard let authors, let columns, let phenotype, !fields.failed else { return nil }
        return DatasetMetadata(
            authors: authors, license: license, howToAcknowledge: acknowledge, institutionName: institution, institutionAddress: address,
            institutionalDepartmentName: department, participantColumns: columns, phenotype: phenotype)
    }

    /// Reads one `participants.tsv` column.
    private func readParticipantColumn(_ node: JSONNode, _ path: JSONPath) -> ParticipantColumn? {
        guard
            let fields = reader.object(
                node, path, what: "a participant column", required: ["column", "questionnaire", "question"], optional: ["description"])
        else { return nil }
        let column = fields.required("column") { node, path -> String? in
            guard let name = reader.string(node, path, what: "a column name") else { return nil }
            guard Self.isColumnName(name) else {
                reader.report(
                    node, path,
                    "a column name of lower-case letters, digits and '_', starting with a letter, other than 'participant_id' (not '\(name)')")
                return nil
            }
            return name
        }
        let questionnaire = fields.required("questionnaire") { reader.string($0, $1, what: "the name of a questionnaire") }
        let question = fields.required("question") { reader.string($0, $1, what: "the id of a question") }
        let description = fields.optional("description") { reader.string($0, $1, what: "what the column holds") }
        guard let column, let questionnaire, let question, !fields.failed else { return nil }
        return ParticipantColumn(column: column, questionnaire: questionnaire, question: question, description: description)
    }

    /// Whether `text` looks like an SPDX licence identifier (`CC-BY-4.0`, `CC0-1.0`, `MIT`): letters,
    /// digits, `.`, `-` and `+`, starting with a letter.
    static func isLicenseIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }
    }

    /// Whether `name` can be a `participants.tsv` column: `[a-z][a-z0-9_]*`, not `participant_id`.
    static func isColumnName(_ name: String) -> Bool {
        guard let first = name.first, ("a"..."z").contains(first), name != "participant_id" else { return false }
        return name.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}
