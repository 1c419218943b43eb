import DataSources
import Foundation
import Storage

/// The `_events.tsv` of one recording, written so that MNE and MNE-BIDS epoch it without edits:
///
/// - `trial_type` never holds `/` (MNE reads `/` as a tag hierarchy, so `epochs['Stimulus']` would also
///   select `Stimulus/baseline`): a condition's marker is its label (`EyesOpen`, `Stimulus`), its
///   baseline marker the label with `_baseline` (`Stimulus_baseline`), lost samples `BAD_ACQ_SKIP`
///   (MNE-BIDS' name, which MNE leaves out of `events_from_annotations` and of epochs), any other event
///   its stored label with `/` as `_` (`reaction/fixation` → `reaction_fixation`).
/// - `eeg_missing` says whether the event's sample is a lost one (a marker set while the data was
///   missing keeps its true onset; its epoch overlaps `BAD_ACQ_SKIP` and is rejected).
/// - Rows are in onset order (the stored table is in the order events became known: a gap found late
///   comes after the markers it precedes).
/// - A condition or baseline row lasts until the next study marker (a positive code: the next phase,
///   stimulus or key press) or the end of the recording, so an eyes-open phase of 55 s has duration 55;
///   a `BAD_ACQ_SKIP` row lasts as long as the lost samples; every other row has duration 0.
struct BIDSEventsTable {
    /// The paradigm that names the conditions, if the recording has one.
    let paradigm: Paradigm?
    /// The EEG sampling rate in Hz (onsets are sample / rate, as in the EDF).
    let samplingRate: Double
    /// Rows in the recording: the end of the last segment.
    let sampleCount: Int64
    /// The response times (seconds, `nil` for misses) of the block's trial table, in stimulus order.
    let responseTimes: [Double?]?

    /// The trial_type of lost samples (MNE-BIDS' convention).
    static let lostSamples = "BAD_ACQ_SKIP"
    /// The suffix of a condition's baseline trial_type.
    static let baselineSuffix = "_baseline"
    /// The marker code of a reaction-time stimulus (docs/formats.md, trial tables).
    static let stimulusCode: Int32 = 510

    /// One row of the table.
    struct Row: Equatable {
        var sample: Int64
        var duration: Double
        var trialType: String
        var code: Int32
        var label: String
    }

    /// The trial_type of every condition and baseline marker code of the paradigm.
    var conditionTypes: [Int32: String] {
        var names: [Int32: String] = [:]
        guard let paradigm else { return names }
        for (i, label) in paradigm.conditionLabels.enumerated() {
            let flat = Self.flat(label)
            if i < paradigm.baseMarkers.count { names[paradigm.baseMarkers[i]] = flat + Self.baselineSuffix }
            if i < paradigm.conditionMarkers.count { names[paradigm.conditionMarkers[i]] = flat }
        }
        return names
    }

    /// The rows of `events`, in onset order (events at one sample keep their stored order).
    func rows(_ events: [RecordingEvent]) -> [Row] {
        let ordered = events.enumerated().sorted { ($0.element.sample, $0.offset) < ($1.element.sample, $1.offset) }.map(\.element)
        let conditions = conditionTypes
        // Samples of the study markers, ascending: where a condition's segment ends.
        let boundaries = ordered.filter { $0.code > 0 }.map(\.sample)
        var rows: [Row] = []
        for event in ordered {
            var row = Row(sample: event.sample, duration: 0, trialType: Self.flat(event.label), code: event.code, label: event.label)
            if event.code == Marker.gapCode, let n = EDFWriter.gapLength(event.label) {
                row.trialType = Self.lostSamples
                row.duration = Double(n) / samplingRate
            } else if let type = conditions[event.code] {
                row.trialType = type
                let end = boundaries.first { $0 > event.sample } ?? sampleCount
                row.duration = Double(max(0, end - event.sample)) / samplingRate
            }
            if row.trialType.isEmpty { row.trialType = "n/a" }
            rows.append(row)
        }
        return rows
    }

    /// The table as TSV text, with a `response_time` column when the block has a trial table.
    func text(_ events: [RecordingEvent]) -> String {
        var lines = ["onset\tduration\ttrial_type\tvalue\tsample\tlabel\teeg_missing" + (responseTimes == nil ? "" : "\tresponse_time")]
        var stimulus = 0
        let lost = LostSamples(events)
        for row in rows(events) {
            lines.append(
                [
                    EDFAnnotation.seconds(Double(row.sample) / samplingRate, signed: false), EDFAnnotation.seconds(row.duration, signed: false),
                    BIDSDataset.tsv(row.trialType), String(row.code), String(row.sample), BIDSDataset.tsv(row.label.isEmpty ? "n/a" : row.label),
                    lost.contains(row.sample) ? "yes" : "no",
                ].joined(separator: "\t") + responseColumn(row, &stimulus))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `trial_type` with `/` as `_` (MNE's tag separator), the text otherwise unchanged.
    static func flat(_ text: String) -> String {
        String(text.map { $0 == "/" ? "_" : $0 })
    }

    /// The `response_time` cell of `row` (empty text when the table has no such column).
    private func responseColumn(_ row: Row, _ stimulus: inout Int) -> String {
        guard let responseTimes else { return "" }
        guard row.code == Self.stimulusCode else { return "\tn/a" }
        defer { stimulus += 1 }
        guard stimulus < responseTimes.count, let time = responseTimes[stimulus] else { return "\tn/a" }
        return "\t\(time)"  // negative for anticipations
    }

    /// The `_events.json` sidecar: the columns, and the trial_type levels this recording uses.
    func description(_ events: [RecordingEvent]) -> [String: Any] {
        var levels: [String: String] = [:]
        if let paradigm {
            for (i, label) in paradigm.conditionLabels.enumerated() {
                let flat = Self.flat(label)
                if i < paradigm.conditionMarkers.count {
                    levels[flat] =
                        "Condition \(label): from its marker (\(paradigm.conditionMarkers[i])) until the next study marker or the recording's end."
                }
                if i < paradigm.baseMarkers.count {
                    levels[flat + Self.baselineSuffix] =
                        "Baseline of condition \(label): from its marker (\(paradigm.baseMarkers[i])) until the next study marker."
                }
            }
        }
        // Every other trial_type of the file too: a validator checks the column's values against Levels.
        for row in rows(events) where levels[row.trialType] == nil && row.trialType != "n/a" && row.trialType != Self.lostSamples {
            levels[row.trialType] = "Event \(row.code) of the recording, labelled '\(row.label)'."
        }
        if events.contains(where: { $0.code == Marker.gapCode && EDFWriter.gapLength($0.label) != nil }) {
            levels[Self.lostSamples] = "Samples lost in transmission (0 µV in the EDF, also annotated BAD_ACQ_SKIP there), for their duration."
        }
        var trialType: [String: Any] = [
            "Description":
                "The paradigm's condition, its baseline (`<condition>_baseline`), BAD_ACQ_SKIP for lost samples, else the event's label with `/` written as `_`."
        ]
        if !levels.isEmpty { trialType["Levels"] = levels }
        var object: [String: Any] = [
            "trial_type": trialType,
            "value": ["Description": "The marker code (negative: software events: −1 lost samples, −2 device state, −3 recording ended early)."],
            "sample": ["Description": "The sample (0-based) of the event in the EDF file."],
            "label": ["Description": "The event's label as stored in the recording."],
            "eeg_missing": [
                "Description":
                    "Whether the EEG at the event's sample was lost (a gap row: 0 µV in the EDF, inside a BAD_ACQ_SKIP span). A marker set while the data was missing keeps its true onset.",
                "Levels": ["yes": "the EEG at this sample is missing", "no": "the EEG at this sample was recorded"],
            ],
            "StimulusPresentation": ["OperatingSystem": "Linux", "SoftwareName": "study-recorder"],
        ]
        if responseTimes != nil {
            object["response_time"] = [
                "Description": "Reaction time of the trial whose stimulus this is (the trial table's latencyMs), n/a for misses and other events.",
                "Units": "s",
            ]
        }
        return object
    }
}
