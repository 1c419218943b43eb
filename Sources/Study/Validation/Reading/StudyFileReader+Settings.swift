extension StudyFileReader {
    /// Reads `$.settings`; every key is optional and defaults as in ``StudySettings/defaults``.
    func readSettings(_ node: JSONNode, _ path: JSONPath) -> StudySettings? {
        guard
            let fields = reader.object(
                node, path, what: "the settings", required: [],
                optional: ["dayWindowHours", "mainsFrequency", "encryption", "transfer", "cues", "report", "announcements"])
        else { return nil }
        let defaults = StudySettings.defaults
        let window = fields.value("dayWindowHours", default: defaults.dayWindowHours) { node, path in
            reader.number(node, path, what: "a day window in hours, more than 0 and at most 336 (two weeks)", in: 0.000_001...336)
        }
        let mains = fields.value("mainsFrequency", default: defaults.mainsFrequency) { node, path in
            let value = reader.integer(node, path, what: "a mains frequency of 50 or 60 (Hz)", in: 50...60)
            if let value, value != 50 && value != 60 {
                reader.report(node, path, "a mains frequency of 50 or 60 (Hz) (got \(value))")
                return nil
            }
            return value
        }
        let encryption = fields.value("encryption", default: defaults.encryption, readEncryption)
        let transfer = fields.value("transfer", default: defaults.transfer) { node, path in
            guard let fields = reader.object(node, path, what: "the transfer policy", required: ["mode"]) else { return nil }
            return fields.required("mode") { reader.choice($0, $1, what: "a transfer mode") as TransferMode? }
                .map(TransferPolicy.init(mode:))
        }
        let cues = fields.value("cues", default: defaults.cues) { reader.choice($0, $1, what: "a cue mode") as CueMode? }
        let report = fields.value("report", default: defaults.report) { reader.choice($0, $1, what: "a report mode") as ReportMode? }
        let announcements = fields.optional("announcements", readAnnouncementSigning)
        guard let window, let mains, let encryption, let transfer, let cues, let report, !fields.failed else { return nil }
        var settings = StudySettings(
            dayWindowHours: window, mainsFrequency: mains, encryption: encryption, transfer: transfer, cues: cues, report: report)
        settings.announcements = announcements
        return settings
    }

    /// Reads the announcements' signing key: a key file and its fingerprint, both required.
    private func readAnnouncementSigning(_ node: JSONNode, _ path: JSONPath) -> AnnouncementSigning? {
        guard
            let fields = reader.object(
                node, path, what: "the announcements' signing key", required: ["signingKeyFile", "signingFingerprint"])
        else { return nil }
        let file = fields.required("signingKeyFile") { reader.string($0, $1, what: "a public key file (relative to the study folder)") }
        let fingerprint = fields.required("signingFingerprint") { node, path -> String? in
            let what = "an OpenPGP key fingerprint of 40 (or 64) hex digits, spaces allowed"
            guard let text = reader.string(node, path, what: what) else { return nil }
            guard let fingerprint = OpenPGPFingerprint.parse(text) else {
                reader.report(node, path, "\(what) (not '\(text)')")
                return nil
            }
            return fingerprint
        }
        guard let file, let fingerprint, !fields.failed else { return nil }
        return AnnouncementSigning(signingKeyFile: file, signingFingerprint: fingerprint)
    }

    /// Reads the encryption policy; `openpgp` needs at least one recipient.
    private func readEncryption(_ node: JSONNode, _ path: JSONPath) -> EncryptionRequirement? {
        guard let fields = reader.object(node, path, what: "the encryption policy", required: ["mode"], optional: ["recipients"])
        else { return nil }
        let scheme = fields.required("mode") { reader.choice($0, $1, what: "an encryption mode") as EncryptionScheme? }
        let recipients = fields.value("recipients", default: [String]()) { node, path in
            reader.array(node, path, what: "the list of recipients").flatMap { elements in
                collect(elements.map { reader.string($0.node, $0.path, what: "a key fingerprint or key file") })
            }
        }
        guard let scheme, let recipients, !fields.failed else { return nil }
        if scheme == .openpgp && recipients.isEmpty {
            reader.report(node, path.appending("recipients"), "at least one recipient when the mode is 'openpgp'")
            return nil
        }
        return EncryptionRequirement(scheme: scheme, recipients: recipients)
    }
}
