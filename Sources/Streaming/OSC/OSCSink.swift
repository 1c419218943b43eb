import DataSources
import Foundation
import Processing

/// Live data as OSC datagrams with Mind Monitor's paths, so patches and scripts written for it work:
///
/// | path | arguments |
/// | --- | --- |
/// | `/muse/eeg` | one float per EEG channel (µV, centred on 0), per sample |
/// | `/muse/acc`, `/muse/gyro` | x, y, z (g; deg/s), per sample |
/// | `/muse/ppg` | per sample: ambient, infrared, red as Mind Monitor orders them (NaN for a channel the headband's stream lacks: the classic Muse's stream holds infrared only); other PPG or optics streams as they are |
/// | `/muse/elements/{delta,theta,alpha,beta,gamma}_absolute` | one float per sensor (TP9, AF7, AF8, TP10; an AUX channel is left out, as Mind Monitor does): log10 of the band power in µV² (Bels), ~10 per second |
/// | `/muse/elements/{delta,theta,alpha,beta,gamma}_relative` | one float per sensor: the band's share of the 1–45 Hz power (0…1), with the absolute ones |
/// | `/muse/elements/horseshoe` | one float per sensor: 1 good, 2 medium, 4 bad; at once on a change and every ``stateInterval`` |
/// | `/muse/elements/touching_forehead` | int 1/0; at once on a change and every ``stateInterval`` |
/// | `/muse/batt` | battery percent (float); at once on a change of 1 or more and every ``stateInterval`` |
/// | `/Marker/<code>` | the marker's label (string) |
///
/// The state paths repeat because a patch started after the recorder would otherwise never learn
/// the fit (Mind Monitor's own examples wait for a horseshoe message before trusting band powers).
/// They repeat on the EEG stream's clock (its samples' times), so a stalled source sends no stale
/// state. Blink and jaw-clench elements are not sent: they are not detected.
final class OSCSink: LiveSink {
    /// Seconds of EEG between repetitions of the state paths (twice a second: a receiver sees each
    /// at least once in any second).
    static let stateInterval = 0.5

    private let sender: OSCSender
    private var eegStream = ""
    private var kinds: [String: StreamDescriptor.Kind] = [:]
    /// Per PPG stream whose channels are Mind Monitor's, each channel's place among its three.
    private var ppgPlaces: [String: [Int]] = [:]
    /// The EEG channels that are sensors (not an AUX input): the elements carry one value each, as
    /// Mind Monitor's do whatever the preset, so patches that expect four values take them.
    private var sensors: [Int] = []
    /// The newest state, repeated every ``stateInterval``; nil until the source told it.
    private var grades: [Float]?
    private var onHead: Bool?
    private var battery: Double?
    /// The EEG time the state was last sent at.
    private var stateSentAt: Double?

    init(sender: OSCSender) {
        self.sender = sender
    }

    func start(_ descriptor: DeviceDescriptor, lslTime: @escaping @Sendable (Double) -> Double) throws {
        eegStream = descriptor.eeg.name
        sensors = descriptor.eeg.channelLabels.indices.filter { !descriptor.eeg.channelLabels[$0].uppercased().contains("AUX") }
        kinds = Dictionary(descriptor.streams.map { ($0.name, $0.kind) }, uniquingKeysWith: { a, _ in a })
        ppgPlaces = [:]
        for stream in descriptor.streams where stream.kind == .ppg {
            if let places = MusePPGLayout.places(of: stream.channelLabels) { ppgPlaces[stream.name] = places }
        }
        grades = nil
        onHead = nil
        battery = nil
        stateSentAt = nil
    }

    func send(_ block: SampleBlock) {
        let path: String
        switch kinds[block.stream] {
        case .eeg: path = "/muse/eeg"
        case .accelerometer: path = "/muse/acc"
        case .gyroscope: path = "/muse/gyro"
        case .ppg: path = "/muse/ppg"
        default: path = ""
        }
        if let places = ppgPlaces[block.stream] {
            for r in 0..<block.count {
                var row = [OSCMessage.Argument](repeating: .float(.nan), count: MusePPGLayout.channels.count)
                for (c, place) in places.enumerated() where c < block.channelCount {
                    row[place] = .float(Float(block.values[r * block.channelCount + c]))
                }
                sender.send(OSCMessage(path, row))
            }
        } else if !path.isEmpty {
            for r in 0..<block.count {
                let row = (0..<block.channelCount).map { OSCMessage.Argument.float(Float(block.values[r * block.channelCount + $0])) }
                sender.send(OSCMessage(path, row))
            }
        }
        for m in block.markers { send(marker: m.marker, time: 0) }
        if block.stream == eegStream, let time = block.times.last, time.isFinite {
            if let last = stateSentAt, time - last < Self.stateInterval, time >= last { return }
            stateSentAt = time
            sendState()
        }
    }

    func send(marker: Marker, time: Double) {
        sender.send(OSCMessage("/Marker/\(marker.code)", [.string(marker.label)]))
    }

    func send(_ b: BandPowerUpdate) {
        let channels = Self.sensorValues(b.channels, sensors)
        for (k, band) in b.method.bands.enumerated() {
            let absolute = channels.map {
                OSCMessage.Argument.float(Float(k < $0.absolute.count && $0.absolute[k] > 0 ? log10($0.absolute[k]) : .nan))
            }
            sender.send(OSCMessage("/muse/elements/\(band.name)_absolute", absolute))
            let relative = channels.map { OSCMessage.Argument.float(Float(k < $0.relative.count ? $0.relative[k] : .nan)) }
            sender.send(OSCMessage("/muse/elements/\(band.name)_relative", relative))
        }
    }

    func send(grades: [Float], time: Double) {
        self.grades = grades
        sendGrades()
    }

    func send(_ change: DeviceStateChange) {
        if change.state == .onHead {
            onHead = change.value
            sendOnHead()
        }
    }

    func send(battery: Double, time: Double) {
        self.battery = battery
        sendBattery()
    }

    /// The values of the sensor channels among `values` (one per EEG channel); all of them when
    /// they do not line up with the EEG's channels.
    private static func sensorValues<T>(_ values: [T], _ sensors: [Int]) -> [T] {
        guard !sensors.isEmpty, sensors.allSatisfy(values.indices.contains) else { return values }
        return sensors.map { values[$0] }
    }

    /// Repeats every state path known so far.
    private func sendState() {
        sendGrades()
        sendOnHead()
        sendBattery()
    }

    private func sendGrades() {
        if let grades { sender.send(OSCMessage("/muse/elements/horseshoe", Self.sensorValues(grades, sensors).map { .float($0) })) }
    }

    private func sendOnHead() {
        if let onHead { sender.send(OSCMessage("/muse/elements/touching_forehead", [.int(onHead ? 1 : 0)])) }
    }

    private func sendBattery() {
        if let battery { sender.send(OSCMessage("/muse/batt", [.float(Float(battery))])) }
    }
}
