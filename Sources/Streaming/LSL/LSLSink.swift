import DataSources
import Processing

/// Live data as Lab Streaming Layer outlets: one per device stream (EEG, accelerometer, gyroscope,
/// PPG; telemetry is left out), one for markers (strings, irregular), one for band power and one for
/// quality grades (both irregular, pushed when computed or when a grade changes).
///
/// Every timestamp is on LSL's clock, mapped from the recording clock (see `docs/streaming.md`), so
/// a sample's LSL time and its stored UTC time name the same moment.
final class LSLSink: LiveSink {
    private let library: LSLLibrary
    private var outlets: [String: LSLOutlet] = [:]
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

    init(library: LSLLibrary) {
        self.library = library
    }

    func start(_ descriptor: DeviceDescriptor, lslTime: @escaping @Sendable (Double) -> Double) throws {
        self.descriptor = descriptor
        self.lslTime = lslTime
        outlets = [:]
        bandPower = nil
        quality = nil
        let acquisition = ["manufacturer": descriptor.manufacturer, "model": descriptor.model, "serial": descriptor.serial ?? ""].filter {
            !$0.value.isEmpty
        }
        for stream in descriptor.streams where stream.kind != .telemetry {
            let (type, unit) = Self.typeAndUnit(stream)
            outlets[stream.name] = try LSLOutlet(
                library: library,
                configuration: .init(
                    name: "\(prefix) \(type)", type: type, channelLabels: stream.channelLabels, unit: unit, channelType: type,
                    nominalRate: stream.samplingRate, sourceID: sourceID(stream.name), acquisition: acquisition))
        }
        markers = try LSLOutlet(
            library: library,
            configuration: .init(
                name: "\(prefix) Markers", type: "Markers", channelLabels: ["marker"], unit: "", channelType: "Markers", nominalRate: 0,
                isString: true, sourceID: sourceID("markers"), acquisition: acquisition))
        quality = try LSLOutlet(
            library: library,
            configuration: .init(
                name: "\(prefix) Quality", type: "Quality", channelLabels: descriptor.channelNames, unit: "grade (1 good, 2 medium, 4 bad)",
                channelType: "Quality", nominalRate: 0, sourceID: sourceID("quality"), acquisition: acquisition))
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
        if let outlet = outlets[block.stream] {
            let width = outlet.configuration.channelLabels.count
            var values = [Float](repeating: .nan, count: block.count * width)
            for r in 0..<block.count {
                for c in 0..<min(width, block.channelCount) { values[r * width + c] = Float(block.values[r * block.channelCount + c]) }
            }
            outlet.push(rows: values, timestamps: block.times.map(lslTime))
        }
        for m in block.markers where m.row < block.count {
            send(marker: m.marker, time: block.times[m.row])
        }
    }

    func send(marker: Marker, time: Double) {
        markers?.push(string: LiveStreamer.markerText(marker), timestamp: lslTime(time))
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
        markers?.push(string: "device:\(change.state.rawValue)=\(change.value)", timestamp: lslTime(change.time))
    }

    func send(battery: Double, time: Double) {}
}
