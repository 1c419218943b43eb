import DataSources
import Foundation
import Storage

/// A `sub-<label>_ses-<n>_scans.tsv`: per EDF of the session, its acquisition time to the
/// millisecond (the EDF header holds whole seconds) and the original study identifiers the BIDS
/// numbering (``BIDSNumbering``) replaced: study day, study session, the participant's run counter and
/// the HDF5 original under `sourcedata/`, and where the recording came from (its ``Provenance``:
/// the signal's source, a scripted participant, the speed). The root `scans.json` describes the
/// columns.
struct BIDSScansTable {
    /// One file of the session.
    struct Row: Equatable {
        /// The EDF, relative to the session folder (`eeg/…_eeg.edf`).
        var filename: String
        /// The first sample's UTC time, seconds since the epoch.
        var start: Double
        var studyDay: Int?
        var studySession: Int?
        var recordingRun: Int?
        /// The HDF5 original, relative to the dataset root.
        var source: String
        /// Where the recording came from; `nil` for a recording that does not say (`n/a`).
        var provenance: Provenance?

        /// The row's cells, in ``BIDSScansTable/header`` order.
        var cells: [String] {
            [
                filename, BIDSScansTable.acquisitionTime(start), studyDay.map(String.init) ?? "n/a", studySession.map(String.init) ?? "n/a",
                recordingRun.map(String.init) ?? "n/a", source, provenance?.source?.rawValue ?? "n/a",
                provenance.map { $0.scriptedParticipant ? "true" : "false" } ?? "n/a", provenance.map { String(format: "%g", $0.speed) } ?? "n/a",
            ]
        }
    }

    /// The columns.
    static let header = [
        "filename", "acq_time", "study_day", "study_session", "recording_run", "source", "signal_source", "scripted_participant", "speed",
    ]

    /// The table of `rows` merged into `existing` (a published table's text, whose rows for other
    /// files stay): one row per file name, sorted by it, so the bytes follow from the files alone.
    static func text(_ rows: [Row], merging existing: String?) -> String {
        var lines: [String: String] = [:]
        if let existing {
            for line in existing.split(separator: "\n").dropFirst() {
                var cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                let name = cells.first ?? ""
                // A row of a table from before the provenance columns: those cells are not known.
                if cells.count < header.count { cells += Array(repeating: "n/a", count: header.count - cells.count) }
                if !name.isEmpty { lines[name] = cells.joined(separator: "\t") }
            }
        }
        for row in rows { lines[row.filename] = row.cells.map(BIDSDataset.tsv).joined(separator: "\t") }
        return ([header.joined(separator: "\t")] + lines.keys.sorted().compactMap { lines[$0] }).joined(separator: "\n") + "\n"
    }

    /// `acq_time`: UTC to the millisecond, `YYYY-MM-DDThh:mm:ss.sssZ`.
    static func acquisitionTime(_ seconds: Double) -> String {
        let millis = (seconds * 1000).rounded(.down)
        let whole = (millis / 1000).rounded(.down)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: whole))
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0,
            Int(millis - whole * 1000))
    }

    /// The root `scans.json`, which every session's table inherits.
    static var description: [String: Any] {
        [
            "filename": ["Description": "The EDF+ file, relative to the session folder."],
            "acq_time": ["Description": "UTC time of the recording's first sample, to the millisecond (the EDF header holds whole seconds)."],
            "study_day": ["Description": "The study day (1-based) the recording was made on, as stored with it."],
            "study_session": [
                "Description": "The session within its study day (1-based), as study-recorder's status, file names and reports number it (the BIDS session numbers the participant's recording sessions 1…n)."
            ],
            "recording_run": ["Description": "The participant's run counter in study-recorder (the BIDS run numbers the session's recordings 1…n)."],
            "source": ["Description": "The HDF5 original the file was made from, relative to the dataset root."],
            "signal_source": [
                "Description":
                    "Where the signal came from (the original's /Provenance Source): headband, simulated-headband, replayed-capture, replay (a stored recording played back), oscillator (synthetic) or other; n/a when the original does not say.",
                "Levels": [
                    "headband": "a real headband over Bluetooth LE", "simulated-headband": "study-recorder's simulated headband",
                    "replayed-capture": "the simulated headband playing a captured headband's notifications",
                    "replay": "a stored recording played back", "oscillator": "synthetic EEG", "other": "a source that did not say",
                ],
            ],
            "scripted_participant": [
                "Description":
                    "true when a script (--auto, --answers), not a person, answered, pressed the keys and consented; n/a when the original does not say."
            ],
            "speed": [
                "Description":
                    "Seconds of study time per second of real time (1 real time, 0 as fast as possible); n/a when the original does not say."
            ],
        ]
    }
}
