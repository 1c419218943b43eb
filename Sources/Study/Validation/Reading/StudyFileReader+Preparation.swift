import DataSources

extension StudyFileReader {
    /// Reads one preparation step.
    func readPreparationStep(_ node: JSONNode, _ path: JSONPath) -> PreparationStep? {
        guard
            let fields = reader.object(
                node, path, what: "a preparation step", required: ["id", "instruction"],
                optional: ["short", "waitFor", "quality", "timeout", "announce"])
        else { return nil }
        let id = fields.required("id") { reader.name($0, $1, what: "a step id") }
        let instruction = fields.required("instruction", localized)
        let short = fields.optional("short", localized)
        let waitFor = fields.optional("waitFor") { node, path in
            reader.choice(node, path, what: "a device signal to wait for") as PreparationGate?
        }
        let quality = fields.optional("quality", readQualityView)
        let timeout = fields.optional("timeout") { reader.number($0, $1, what: "a timeout in seconds, more than 0", in: 0.001...86_400) }
        let announce = fields.optional("announce", localized)
        guard let id, let instruction, !fields.failed else { return nil }
        if let quality, quality.relaxedThreshold != nil, timeout == nil {
            reader.report(node, path.appending("timeout"), "a timeout after which the quality threshold relaxes to 'relaxedThreshold'")
            return nil
        }
        return PreparationStep(
            id: id, instruction: instruction, short: short, waitFor: waitFor, quality: quality, timeout: timeout, announce: announce)
    }

    private func readQualityView(_ node: JSONNode, _ path: JSONPath) -> QualityView? {
        guard
            let fields = reader.object(
                node, path, what: "a quality view", required: ["mode", "electrodes"], optional: ["threshold", "relaxedThreshold"])
        else { return nil }
        let mode = fields.required("mode") { reader.choice($0, $1, what: "a quality mode") as QualityMode? }
        let electrodes = fields.required("electrodes") { reader.choice($0, $1, what: "an electrode group") as ElectrodeGroup? }
        let threshold = fields.value("threshold", default: 100.0) {
            reader.number($0, $1, what: "a quality threshold in percent, 1 to 100", in: 1...100)
        }
        let relaxed = fields.optional("relaxedThreshold") {
            reader.number($0, $1, what: "a relaxed quality threshold in percent, 1 to 100", in: 1...100)
        }
        guard let mode, let electrodes, let threshold, !fields.failed else { return nil }
        if let relaxed {
            if relaxed >= threshold, let relaxedNode = fields.node("relaxedThreshold") {
                reader.report(
                    relaxedNode, path.appending("relaxedThreshold"),
                    "a relaxed threshold below the threshold \(DocumentReader.format(threshold)) (got \(DocumentReader.format(relaxed)))")
                return nil
            }
        }
        return QualityView(mode: mode, electrodes: electrodes, threshold: threshold, relaxedThreshold: relaxed)
    }
}
