import DataSources
import Processing

/// Live data as Lab Streaming Layer outlets: one per device stream (EEG, accelerometer, gyroscope,
/// PPG; telemetry is left out), one for markers (strings, irregular), one for band power and one for
/// quality grades (both irregular, pushed when computed or when a grade changes).
///
/// Every timestamp is on LSL's clock, mapped from the recording clock (see `docs/streaming.md`), so
/// a sample's LSL time and its stored UTC time name the same moment. Names and channel layouts follow
/// the ``LSLStyle``.
final class LSLSink: LiveSink {
    private let library: LSLLibrary
    private let style: LSLStyle
    private var outlets: [String: LSLOutlet] = [:]
    /// Per device stream, the stored channel each outlet channel carries (nil: NaN).
    private var columns: [String: [Int?]] = [:]
    private var markers: LSLOutlet?
    private var bandPower: LSLOutlet?
    private var quality: LSLOutlet?
    private var descriptor: DeviceDescriptor?
    private var lslTime: @Sendable (Double) -> Double = { $0 }

    /// The stream name prefix, e.g. "StudyRecorder Muse".
    private var prefix: String { "StudyRecorder \(descriptor?.model ?? "")" }
    /// A stable source id per device stream: kind, serial (or model) and stream name.
    private func sourceID(_ stream: String) -> String {
        let device = descriptor.map { ($0.serial ?? "").isEmpty ? $0.model : $0.serial ?? $0.model } ?? "device"
        return "study-recorder-\(descriptor?.kind ?? "source")-\(device)-\(stream)"
    }

    init(library: LSLLibrary, style: LSLStyle = .descriptive) {
        self.library = library
        self.style = style
    }

    func start(_ descriptor: DeviceDescriptor, lslTime: @escaping @Sendable (Double) -> Double) throws {
        self.descriptor = descriptor
        self.lslTime = lslTime
        outlets = [:]
        columns = [:]
        bandPower = nil
        quality = nil
        let acquisition = ["manufacturer": descriptor.manufacturer, "model": descriptor.model, "serial": descriptor.serial ?? ""].filter {
            !$0.value.isEmpty
        }
        for stream in descriptor.streams where stream.kind != .telemetry {
            let layout = style == .muselsl ? Self.muselslLayout(stream, model: descriptor.model) : Self.descriptiveLayout(stream)
            outlets[stream.name] = try LSLOutlet(
                library: library,
                configuration: .init(
                    name: layout.name ?? "\(prefix) \(layout.type)", type: layout.type, channelLabels: layout.labels, unit: layout.unit,
                    channelType: layout.channelType, nominalRate: stream.samplingRate, sourceID: sourceID(stream.name), acquisition: acquisition))
            columns[stream.name] = layout.columns
        }
        // muselsl's users (eeg-notebooks) send markers as numbers and muselsl stores them in a numeric
        // column: in its style the marker stream carries the code as a float; otherwise the text.
        markers = try LSLOutlet(
            library: library,
            configuration: .init(
                name: style == .muselsl ? "Markers" : "\(prefix) Markers", type: "Markers", channelLabels: ["marker"], unit: "",
                channelType: "Markers", nominalRate: 0, isString: style != .muselsl, sourceID: sourceID("markers"), acquisition: acquisition))
        quality = try LSLOutlet(
            library: library,
            configuration: .init(
                name: "\(prefix) Quality", type: "Quality", channelLabels: descriptor.channelNames, unit: "grade (1 good, 2 medium, 4 bad)",
                channelType: "Quality", nominalRate: 0, sourceID: sourceID("quality"), acquisition: acquisition))
    }

    /// An outlet's name (nil: the prefix and the type), type, channels and where each comes from.
    struct Layout {
        var name: String?
        var type: String
        var labels: [String]
        var unit: String
        var channelType: String
        var columns: [Int?]
    }

    /// The recorder's own layout: the stream's channels as they are.
    static func descriptiveLayout(_ stream: StreamDescriptor) -> Layout {
        let (type, unit) = typeAndUnit(stream)
        return Layout(
            type: type, labels: stream.channelLabels, unit: unit, channelType: type, columns: stream.channelLabels.indices.map { $0 })
    }

    /// muselsl's layout (``LSLStyle/muselsl``).
    static func muselslLayout(_ stream: StreamDescriptor, model: String) -> Layout {
        let labels = stream.channelLabels
        switch stream.kind {
        case .eeg:
            let classic = ["TP9", "AF7", "AF8", "TP10"]
            if !model.contains("Athena"), Array(labels.prefix(4)) == classic {
                let aux = labels.firstIndex { $0.uppercased().hasPrefix("AUX") }
                return Layout(
                    name: "Muse", type: "EEG", labels: classic + ["Right AUX"], unit: "microvolts", channelType: "EEG",
                    columns: [0, 1, 2, 3, aux])
            }
            return Layout(
                name: "Muse", type: "EEG", labels: labels.map { $0.uppercased() == "AUX_R" ? "Right AUX" : $0 }, unit: "microvolts",
                channelType: "EEG", columns: labels.indices.map { $0 })
        case .ppg:
            if let places = MusePPGLayout.places(of: labels) {
                let columns = MusePPGLayout.channels.indices.map { k in places.firstIndex(of: k) }
                return Layout(name: "Muse", type: "PPG", labels: ["PPG1", "PPG2", "PPG3"], unit: "mmHg", channelType: "PPG", columns: columns)
            }
            return Layout(name: "Muse", type: "PPG", labels: labels, unit: stream.unit, channelType: "PPG", columns: labels.indices.map { $0 })
        case .accelerometer:
            return Layout(name: "Muse", type: "ACC", labels: ["X", "Y", "Z"], unit: "g", channelType: "accelerometer", columns: [0, 1, 2])
        case .gyroscope:
            return Layout(name: "Muse", type: "GYRO", labels: ["X", "Y", "Z"], unit: "dps", channelType: "gyroscope", columns: [0, 1, 2])
        case .telemetry:
            return descriptiveLayout(stream)
        }
    }

    /// The LSL stream type and channel unit of a device stream.
    static func typeAndUnit(_ stream: StreamDescriptor) -> (String, String) {
        switch stream.kind {
        case .eeg: ("EEG", stream.unit == "uV" ? "microvolts" : stream.unit)
        case .accelerometer: ("Accelerometer", stream.unit)
        case .gyroscope: ("Gyroscope", stream.unit)
        case .ppg: ("PPG", stream.unit)
        case .telemetry: ("Telemetry", stream.unit)
        }
    }

    func send(_ block: SampleBlock) {
        guard !block.isEmpty else { return }
        if let outlet = outlets[block.stream], let map = columns[block.stream] {
            let width = map.count
            var values = [Float](repeating: .nan, count: block.count * width)
            for r in 0..<block.count {
                for (c, source) in map.enumerated() {
                    if let source, source < block.channelCount { values[r * width + c] = Float(block.values[r * block.channelCount + source]) }
                }
            }
            outlet.push(rows: values, timestamps: block.times.map(lslTime))
        }
        for m in block.markers where m.row < block.count {
            send(marker: m.marker, time: block.times[m.row])
        }
    }

    func send(marker: Marker, time: Double) {
        if style == .muselsl {
            markers?.push(rows: [Float(marker.code)], timestamps: [lslTime(time)])
        } else {
            markers?.push(string: LiveStreamer.markerText(marker), timestamp: lslTime(time))
        }
    }

    func send(_ b: BandPowerUpdate) {
        if bandPower == nil, let descriptor {
            let labels = descriptor.channelNames.flatMap { channel in b.method.bands.map { "\(channel)/\($0.name)" } }
            bandPower = try? LSLOutlet(
                library: library,
                configuration: .init(
                    name: "\(prefix) BandPower", type: "BandPower", channelLabels: labels, unit: "uV^2", channelType: "BandPower",
                    nominalRate: 0, sourceID: sourceID("bandpower")))
        }
        bandPower?.push(rows: b.channels.flatMap { $0.absolute.map(Float.init) }, timestamps: [lslTime(b.time)])
    }

    func send(grades: [Float], time: Double) {
        quality?.push(rows: grades, timestamps: [lslTime(time)])
    }

    func send(_ change: DeviceStateChange) {
        // A numeric marker stream (muselsl's) has no words for a device change.
        guard style != .muselsl else { return }
        markers?.push(string: "device:\(change.state.rawValue)=\(change.value)", timestamp: lslTime(change.time))
    }

    func send(battery: Double, time: Double) {}
}
