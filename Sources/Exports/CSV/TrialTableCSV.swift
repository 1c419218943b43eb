import Foundation
import Storage

/// A reaction-time trial table (`t_…json`, docs/formats.md) as one CSV row per trial: `trial`,
/// `stimulus`, `response`, `foreperiod_s`, `latency_ms`, `outcome` (correct, anticipation, miss),
/// `timestamp_utc`, plus the block's `participant`, `day`, `session`, `run`, `block` and the
/// recording it belongs to, so tables of many sessions concatenate into one. Read through Storage's
/// ``TrialTable``, the one model of the format; each value is written as the JSON holds it.
enum TrialTableCSV {
    static let header = [
        "participant", "day", "session", "run", "block", "recording", "trial", "stimulus", "response", "foreperiod_s", "latency_ms", "outcome",
        "timestamp_utc",
    ]

    /// Converts the table at `url` into `destination/name` and returns the name.
    static func export(_ url: URL, to destination: ExportDestination, name: String) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ExportError.unsupported(path: url.lastPathComponent, reason: "not a readable trial table (\(error.localizedDescription))")
        }
        let table: TrialTable
        do {
            table = try TrialTable(json: data)
        } catch {
            throw ExportError.unsupported(path: url.lastPathComponent, reason: "not a study-recorder trial table")
        }
        let block = [table.participant, String(table.day), String(table.session), String(table.run), String(table.block), table.recording]
        let written = try destination.write(name) { temporary in
            let csv = try CSVTable(url: temporary, header: header)
            for trial in table.trials {
                try csv.row(
                    block + [
                        String(trial.trial), trial.stimulus, trial.response ?? "", text(trial.foreperiod), trial.latencyMs.map(text) ?? "",
                        trial.outcome.rawValue, UTCTimestamp.iso8601(trial.timestamp),
                    ])
            }
            try csv.close()
        }
        return written.url.lastPathComponent
    }

    /// A number as the table's JSON writes it (and as earlier versions of this export copied it): a
    /// whole number without a fraction (`2`, not `2.0`; `-0` as `0`), any other in its shortest
    /// round-trip form (`312.5`, `-100.00000000000009`, `1e-05`).
    static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
        return "\(value)"
    }
}
