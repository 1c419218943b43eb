import Foundation
import Study

/// What a BIDS dataset says from its study file (`Exporter.study`): `dataset_description.json`'s
/// Name, Authors, License and HowToAcknowledge (`$.dataset`), and each EEG sidecar's InstitutionName,
/// TaskDescription and Instructions (the recording session whose paradigm the recording has: its
/// title and text, and the prompts shown before and during its trials, in the study's default
/// language; a text that needs a value only the runner knows, such as the participant's name or the
/// block's duration, is left out).
struct BIDSStudyMetadata {
    /// The study.
    let study: StudyDefinition

    /// `text` in the study's default language with its named texts filled, or `nil` when it needs a
    /// value only the runner knows (`#patientName#`, `#blockDuration#`).
    func rendered(_ text: LocalizedText) -> String? {
        let filled = Placeholders.fillAll(study.render(text, locale: study.defaultLocale), with: [:])
        return filled.unknown.isEmpty ? filled.text : nil
    }

    /// `text` in the study's default language, any runner placeholder left out.
    func render(_ text: LocalizedText) -> String {
        Placeholders.fillAll(study.render(text, locale: study.defaultLocale), with: [:]).text
    }

    /// The `dataset_description.json` keys the study sets.
    var descriptionFields: [String: Any] {
        var fields: [String: Any] = ["Name": render(study.title)]
        guard let dataset = study.dataset else { return fields }
        if !dataset.authors.isEmpty { fields["Authors"] = dataset.authors }
        if let license = dataset.license { fields["License"] = license }
        if let acknowledge = dataset.howToAcknowledge { fields["HowToAcknowledge"] = acknowledge }
        return fields
    }

    /// The recording session of the study whose paradigm is titled `paradigm` (the first by name).
    func session(paradigm: String) -> Session? {
        study.sessions.sorted { $0.key < $1.key }.first { $0.value.paradigm?.title == paradigm }?.value
    }

    /// The `_eeg.json` keys the study sets for a recording of paradigm `paradigm`.
    func sidecarFields(paradigm: String?) -> [String: Any] {
        var fields: [String: Any] = [:]
        if let institution = study.dataset?.institutionName { fields["InstitutionName"] = institution }
        if let address = study.dataset?.institutionAddress { fields["InstitutionAddress"] = address }
        if let department = study.dataset?.institutionalDepartmentName { fields["InstitutionalDepartmentName"] = department }
        guard let paradigm, let session = session(paradigm: paradigm) else { return fields }
        var description = render(session.title)
        if let text = session.text.flatMap(rendered) { description += ": " + text }
        fields["TaskDescription"] = description
        var prompts: [String] = []
        for block in session.blocks {
            for name in block.intro + block.trials.map(\.type) {
                for phase in study.trialTypes[name]?.phases ?? [] where phase.kind == .prompt {
                    guard let text = phase.text.flatMap(rendered), !text.isEmpty, !prompts.contains(text) else { continue }
                    prompts.append(text)
                }
            }
        }
        if !prompts.isEmpty { fields["Instructions"] = prompts.joined(separator: "\n") }
        return fields
    }
}
