import DataSources
import Foundation
import Processing

/// Live data as OSC datagrams with Mind Monitor's paths, so patches and scripts written for it work:
///
/// | path | arguments |
/// | --- | --- |
/// | `/muse/eeg` | one float per EEG channel (µV, centred on 0), per sample |
/// | `/muse/acc`, `/muse/gyro` | x, y, z (g; deg/s), per sample |
/// | `/muse/ppg` | the PPG channels, per sample |
/// | `/muse/elements/{delta,theta,alpha,beta,gamma}_absolute` | one float per channel: log10 of the band power in µV² (Bels) |
/// | `/muse/elements/horseshoe` | one float per channel: 1 good, 2 medium, 4 bad; sent when a grade changes |
/// | `/muse/elements/touching_forehead` | int 1/0; sent when the on-head state changes |
/// | `/muse/batt` | battery percent (float); sent when it changed by 1 or more |
/// | `/Marker/<code>` | the marker's label (string) |
final class OSCSink: LiveSink {
    private let sender: OSCSender
    private var eegStream = ""
    private var kinds: [String: StreamDescriptor.Kind] = [:]

    init(sender: OSCSender) {
        self.sender = sender
    }

    func start(_ descriptor: DeviceDescriptor, lslTime: @escaping @Sendable (Double) -> Double) throws {
        eegStream = descriptor.eeg.name
        kinds = Dictionary(descriptor.streams.map { ($0.name, $0.kind) }, uniquingKeysWith: { a, _ in a })
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
        if !path.isEmpty {
            for r in 0..<block.count {
                let row = (0..<block.channelCount).map { OSCMessage.Argument.float(Float(block.values[r * block.channelCount + $0])) }
                sender.send(OSCMessage(path, row))
            }
        }
        for m in block.markers { send(marker: m.marker, time: 0) }
    }

    func send(marker: Marker, time: Double) {
        sender.send(OSCMessage("/Marker/\(marker.code)", [.string(marker.label)]))
    }

    func send(_ b: BandPowerUpdate) {
        for (k, band) in b.method.bands.enumerated() {
            let values = b.channels.map {
                OSCMessage.Argument.float(Float(k < $0.absolute.count && $0.absolute[k] > 0 ? log10($0.absolute[k]) : .nan))
            }
            sender.send(OSCMessage("/muse/elements/\(band.name)_absolute", values))
        }
    }

    func send(grades: [Float], time: Double) {
        sender.send(OSCMessage("/muse/elements/horseshoe", grades.map { .float($0) }))
    }

    func send(_ change: DeviceStateChange) {
        if change.state == .onHead {
            sender.send(OSCMessage("/muse/elements/touching_forehead", [.int(change.value ? 1 : 0)]))
        }
    }

    func send(battery: Double, time: Double) {
        sender.send(OSCMessage("/muse/batt", [.float(Float(battery))]))
    }
}
