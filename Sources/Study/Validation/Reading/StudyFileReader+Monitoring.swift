extension StudyFileReader {
    /// Reads `$.monitoring` (``MonitoringThresholds``); every key is optional and defaults as in
    /// ``MonitoringThresholds/defaults``.
    func readMonitoring(_ node: JSONNode, _ path: JSONPath) -> MonitoringThresholds? {
        guard
            let fields = reader.object(
                node, path, what: "the monitoring thresholds", required: [],
                optional: ["noUploadDays", "missedInARow", "minimumGoodSignal", "maximumLoss", "lowBattery", "failingSessions"])
        else { return nil }
        let defaults = MonitoringThresholds.defaults
        let noUpload = fields.value("noUploadDays", default: defaults.noUploadDays) {
            reader.number($0, $1, what: "a number of days without an upload, more than 0 and at most 365", in: 0.000_001...365)
        }
        let missed = fields.value("missedInARow", default: defaults.missedInARow) {
            reader.integer($0, $1, what: "a number of sessions missed in a row, 1 to 100", in: 1...100)
        }
        let good = fields.value("minimumGoodSignal", default: defaults.minimumGoodSignal) {
            reader.number($0, $1, what: "a share of good signal in percent, 0 to 100", in: 0...100)
        }
        let loss = fields.value("maximumLoss", default: defaults.maximumLoss) {
            reader.number($0, $1, what: "a share of lost recording time in percent, 0 to 100", in: 0...100)
        }
        let battery = fields.value("lowBattery", default: defaults.lowBattery) {
            reader.number($0, $1, what: "a battery level in percent, 0 to 100", in: 0...100)
        }
        let failing = fields.value("failingSessions", default: defaults.failingSessions) {
            reader.integer($0, $1, what: "a number of sessions of the last three, 1 to 3", in: 1...3)
        }
        guard let noUpload, let missed, let good, let loss, let battery, let failing, !fields.failed else { return nil }
        return MonitoringThresholds(
            noUploadDays: noUpload, missedInARow: missed, minimumGoodSignal: good, maximumLoss: loss, lowBattery: battery, failingSessions: failing)
    }
}
