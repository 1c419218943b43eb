import DataSources
import Foundation
import Processing
import Storage

/// A PPG or optics stream (`/Streams/<name>` of kind `ppg`: the classic Muse's `ppg`, the Muse S
/// Athena's `optics`) as a BIDS physiological recording beside the EEG:
/// `…_run-<n>_recording-<name>_physio.tsv.gz` (no header, one column per channel, the stored values
/// as they are, `n/a` on the rows of lost packets, at their place) and `…_physio.json`
/// (`SamplingFrequency`, `StartTime` relative to the EEG's first sample, `Columns`, and per column
/// its light: wavelength, sensor position, and "provisional" where the labels are not settled).
///
/// The rows are the stored rows one for one; times are on the dataset's axis (``BIDSTimeAxis``:
/// the EEG's samples); `SamplingFrequency` is the rate the rows span on it (rows − 1 over first to
/// last), so row `k` lies at `StartTime + k / rate` as BIDS reads it, within the clock fit's jitter;
/// the nominal rate is `NominalSamplingFrequency`.
struct BIDSPhysioRecording {
    let stream: StreamDescriptor
    let times: [Double]
    let values: [Double]
    let columns: Int
    /// The dataset's time axis (the EEG's samples).
    let axis: BIDSTimeAxis

    /// The `recording-<label>` entity: the stream's name in BIDS letters.
    var label: String { BIDSDataset.taskLabel(stream.name) }

    /// The rate the rows span on the dataset's time axis, or the nominal rate for fewer than two rows.
    var samplingFrequency: Double {
        guard times.count > 1, let first = times.first, let last = times.last else { return stream.samplingRate }
        let span = axis.seconds(last) - axis.seconds(first)
        return span > 0 ? Double(times.count - 1) / span : stream.samplingRate
    }

    /// Writes the rows' text to `url` as deflated gzip (``GzipWriter``), a piece at a time.
    func writeTable(to url: URL) throws {
        let gzip = try GzipWriter(url: url)
        var text = ""
        text.reserveCapacity(1 << 16)
        for row in 0..<times.count {
            for c in 0..<columns {
                if c > 0 { text += "\t" }
                let v = values[row * columns + c]
                text += v.isFinite ? BIDSStreamValue.text(v) : "n/a"
            }
            text += "\n"
            if text.utf8.count >= 1 << 16 {
                try gzip.write(text)
                text.removeAll(keepingCapacity: true)
            }
        }
        try gzip.write(text)
        try gzip.finish()
    }

    /// The rows lost (every value NaN).
    var lostRows: Int {
        (0..<times.count).filter { row in (0..<columns).allSatisfy { !values[row * columns + $0].isFinite } }.count
    }

    func sidecar(taskName: String, device: DeviceDescriptor) -> [String: Any] {
        let channels = stream.channelLabels.map(OpticalChannel.init(label:))
        var object: [String: Any] = [
            "TaskName": taskName,
            "SamplingFrequency": samplingFrequency,
            "NominalSamplingFrequency": stream.samplingRate,
            "StartTime": times.first.map(axis.seconds) ?? 0,
            "Columns": stream.channelLabels,
            "Manufacturer": device.manufacturer,
            "ManufacturersModelName": device.model,
            "PhysioType": "generic",
            "SoftwareVersions": "study-recorder " + ProductVersion.current,
            "DeviceSerialNumber": device.serial ?? "n/a",
            "Description":
                "Photoplethysmography (\(stream.name)) recorded with the EEG by study-recorder: the stored values (\(stream.unit)) row for row; "
                + "n/a marks the rows of lost packets, at their place (\(lostRows) rows). StartTime is seconds from the EEG's first sample on its sample clock (as the EDF's).",
        ]
        for channel in channels {
            var column: [String: Any] = ["Description": channel.text, "Units": stream.unit == "counts" ? "n/a" : stream.unit]
            if let wavelength = channel.wavelength { column["Wavelength"] = wavelength }
            object[channel.label] = column
        }
        if channels.contains(where: \.provisional) {
            object["ChannelLabelsNote"] =
                "Provisional: the Muse S Athena's optics layout (4 positions × 730 nm, 850 nm, red, ambient) is not settled publicly; the labels follow the public decoders (docs/muse.md)."
        }
        return object
    }
}

/// A stream value as TSV text: the shortest text that reads back as the same double.
enum BIDSStreamValue {
    static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
