/// What a study says about the datasets exported from it (`$.dataset`, optional): who made it,
/// under which licence and how to acknowledge it (BIDS `dataset_description.json`), the institution
/// (every EEG sidecar's `InstitutionName`, `InstitutionAddress`, `InstitutionalDepartmentName`), which questionnaire answers become `participants.tsv`
/// columns, and whether questionnaires are exported as BIDS `phenotype/` tables. Both are opt-in:
/// without them a BIDS export holds no questionnaire answer.
package struct DatasetMetadata: Sendable, Hashable, Codable {
    /// The dataset's authors, in citation order (BIDS `Authors`).
    package var authors: [String]
    /// The licence, an SPDX identifier such as `CC-BY-4.0` or `CC0-1.0` (BIDS `License`).
    package var license: String?
    /// How to acknowledge the dataset, e.g. the paper to cite (BIDS `HowToAcknowledge`).
    package var howToAcknowledge: String?
    /// The institution responsible for the recordings (BIDS `InstitutionName`).
    package var institutionName: String?
    /// Its address (BIDS `InstitutionAddress`).
    package var institutionAddress: String?
    /// Its department (BIDS `InstitutionalDepartmentName`).
    package var institutionalDepartmentName: String?
    /// The `participants.tsv` columns taken from questionnaire answers, in column order.
    package var participantColumns: [ParticipantColumn]
    /// Whether a BIDS export writes each questionnaire's answers as `phenotype/<questionnaire>.tsv`.
    package var phenotype: Bool

    /// Creates the metadata; everything is optional.
    package init(
        authors: [String] = [], license: String? = nil, howToAcknowledge: String? = nil, institutionName: String? = nil,
        institutionAddress: String? = nil, institutionalDepartmentName: String? = nil, participantColumns: [ParticipantColumn] = [],
        phenotype: Bool = false
    ) {
        self.authors = authors
        self.license = license
        self.howToAcknowledge = howToAcknowledge
        self.institutionName = institutionName
        self.institutionAddress = institutionAddress
        self.institutionalDepartmentName = institutionalDepartmentName
        self.participantColumns = participantColumns
        self.phenotype = phenotype
    }
}
