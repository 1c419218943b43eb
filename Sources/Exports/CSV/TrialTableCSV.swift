import Foundation

/// A reaction-time trial table (`t_…json`, docs/formats.md) as one CSV row per trial: `trial`,
/// `stimulus`, `response`, `foreperiod_s`, `latency_ms`, `outcome` (correct, anticipation, miss),
/// `timestamp_utc`, plus the block's `participant`, `day`, `session`, `run`, `block` and the
/// recording it belongs to, so tables of many sessions concatenate into one.
enum TrialTableCSV {
    static let header = [
        "participant", "day", "session", "run", "block", "recording", "trial", "stimulus", "response", "foreperiod_s", "latency_ms", "outcome",
        "timestamp_utc",
    ]

    /// Converts the table at `url` into `destination/name` and returns the name.
    static func export(_ url: URL, to destination: ExportDestination, name: String) throws -> String {
        let object: [String: Any]
        do {
            object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
        } catch {
            throw ExportError.unsupported(path: url.lastPathComponent, reason: "not a readable trial table (\(error.localizedDescription))")
        }
        guard object["format"] as? String == "study-recorder-trials", let trials = object["trials"] as? [[String: Any]] else {
            throw ExportError.unsupported(path: url.lastPathComponent, reason: "not a study-recorder trial table")
        }
        let block = ["participant", "day", "session", "run", "block", "recording"].map { text(object[$0]) }
        let written = try destination.write(name) { temporary in
            let table = try CSVTable(url: temporary, header: header)
            for trial in trials {
                try table.row(block + ["trial", "stimulus", "response", "foreperiod", "latencyMs", "outcome", "timestamp"].map { text(trial[$0]) })
            }
            try table.close()
        }
        return written.url.lastPathComponent
    }

    /// A JSON value as CSV text: numbers as written, `null` and absent values empty.
    static func text(_ value: Any?) -> String {
        switch value {
        case let number as NSNumber: number.stringValue
        case let string as String: string
        default: ""
        }
    }
}
