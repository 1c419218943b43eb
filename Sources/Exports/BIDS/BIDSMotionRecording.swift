import DataSources
import Foundation
import Storage

/// An accelerometer or gyroscope stream as BIDS 1.9 motion data, one tracking system per stream:
/// `motion/…_task-<task>_tracksys-<name>_run-<n>_motion.tsv` (no header), its `_motion.json` and
/// `_channels.tsv`. The columns are x, y, z in SI units (accelerometer g × 9.80665 → m/s^2, gyroscope
/// deg/s × π/180 → rad/s; `component` x/y/z, `type` ACCEL or GYRO, tracked point `head`), then a
/// `LATENCY` column: each row's time in seconds from the EEG's first sample (the recording onset,
/// `acq_time` in scans.tsv) on the dataset's axis (``BIDSTimeAxis``), so the rows keep their
/// exact times. Lost packets are `n/a` rows at
/// their place (their latency stays).
///
/// The accelerometer and the gyroscope are two tracking systems because their packets arrive, and
/// are lost, independently on the classic Muse: one file each keeps every row as stored.
struct BIDSMotionRecording {
    let stream: StreamDescriptor
    let times: [Double]
    let values: [Double]
    let columns: Int
    /// The dataset's time axis (the EEG's samples).
    let axis: BIDSTimeAxis

    /// The `tracksys-<label>` entity.
    var label: String { BIDSDataset.taskLabel(stream.name) }

    /// The BIDS channel type.
    var type: String { stream.kind == .gyroscope ? "GYRO" : "ACCEL" }

    /// The factor to SI units and the unit, from the stored unit.
    var conversion: (factor: Double, unit: String) {
        switch (stream.kind, stream.unit) {
        case (.accelerometer, "g"): (9.80665, "m/s^2")
        case (.gyroscope, "deg/s"): (Double.pi / 180, "rad/s")
        default: (1, stream.unit)
        }
    }

    /// The rate the rows span on the dataset's time axis, or the nominal rate for fewer than two rows.
    var effectiveFrequency: Double {
        guard times.count > 1, let first = times.first, let last = times.last else { return stream.samplingRate }
        let span = axis.seconds(last) - axis.seconds(first)
        return span > 0 ? Double(times.count - 1) / span : stream.samplingRate
    }

    private var components: [String] {
        (0..<columns).map { c in
            let label = c < stream.channelLabels.count ? stream.channelLabels[c].lowercased() : ""
            return ["x", "y", "z"].contains(label) ? label : "n/a"
        }
    }

    func table() -> Data {
        let factor = conversion.factor
        var text = ""
        text.reserveCapacity(times.count * (columns + 1) * 12)
        for row in 0..<times.count {
            for c in 0..<columns {
                let v = values[row * columns + c]
                text += v.isFinite ? String(format: "%.9g", v * factor) : "n/a"
                text += "\t"
            }
            text += String(format: "%.6f", axis.seconds(times[row])) + "\n"
        }
        return Data(text.utf8)
    }

    func channels() -> String {
        var lines = ["name\tcomponent\ttype\ttracked_point\tunits\tsampling_frequency\tdescription"]
        let rate = String(format: "%g", stream.samplingRate)
        for (c, component) in components.enumerated() {
            let name = "\(label)_\(c < stream.channelLabels.count ? stream.channelLabels[c] : String(c + 1))"
            lines.append(
                [name, component, type, "head", conversion.unit, rate, "\(stream.name) \(component) (stored in \(stream.unit))"].map(BIDSDataset.tsv)
                    .joined(separator: "\t"))
        }
        lines.append(
            ["\(label)_latency", "n/a", "LATENCY", "head", "s", rate, "time of the row from the EEG's first sample (recording onset)"].joined(
                separator: "\t"))
        return lines.joined(separator: "\n") + "\n"
    }

    func sidecar(taskName: String, device: DeviceDescriptor) -> [String: Any] {
        let lost = (0..<times.count).filter { row in (0..<columns).allSatisfy { !values[row * columns + $0].isFinite } }.count
        var object: [String: Any] = [
            "TaskName": taskName,
            "SamplingFrequency": stream.samplingRate,
            "SamplingFrequencyEffective": effectiveFrequency,
            "TrackingSystemName": "\(device.model) \(stream.name)",
            "Manufacturer": device.manufacturer,
            "ManufacturersModelName": device.model,
            "MotionChannelCount": columns + 1,
            "TrackedPointsCount": 1,
            "RecordingDuration": times.count > 1 ? axis.seconds(times.last ?? 0) - axis.seconds(times.first ?? 0) : 0,
            "SoftwareVersions": "study-recorder " + ProductVersion.current,
            "DeviceSerialNumber": device.serial ?? "n/a",
            "MissingValues": "n/a",
            "SubjectArtefactDescription": lost > 0 ? "\(lost) rows of lost packets, n/a at their place" : "n/a",
        ]
        for kind in ["ACCEL", "ANGACCEL", "GYRO", "JNTANG", "MAGN", "MISC", "ORNT", "POS", "VEL"] { object[kind + "ChannelCount"] = 0 }
        object[type + "ChannelCount"] = columns
        object["LATENCYChannelCount"] = 1
        return object
    }
}
