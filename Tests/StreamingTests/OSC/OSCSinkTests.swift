import DataSources
import Foundation
import Processing
import Testing

@testable import Streaming

/// Mind Monitor's OSC paths as ``OSCSink`` sends them, received over loopback UDP and decoded:
/// one message per sample per device stream, lost samples as NaN in their place, PPG channels in
/// Mind Monitor's places, markers by code, band power as Bels and shares per sensor, and the state
/// paths at once on a change and twice a second of EEG after.
struct OSCSinkTests {
    typealias Value = OSCLoopbackReceiver.Value

    /// A classic Muse with its AUX input: EEG, the infrared PPG channel, accelerometer, telemetry.
    static let muse = DeviceDescriptor(
        kind: "muse", manufacturer: "Interaxon", model: "Muse 2",
        streams: [
            StreamDescriptor(name: "eeg", kind: .eeg, channelLabels: ["TP9", "AF7", "AF8", "TP10", "AUX_R"], unit: "uV", samplingRate: 256),
            StreamDescriptor(name: "ppg", kind: .ppg, channelLabels: ["infrared"], unit: "", samplingRate: 64),
            StreamDescriptor(name: "acc", kind: .accelerometer, channelLabels: ["x", "y", "z"], unit: "g", samplingRate: 52),
            StreamDescriptor(name: "optics", kind: .ppg, channelLabels: ["optics1", "optics2"], unit: "", samplingRate: 64),
            StreamDescriptor(name: "telemetry", kind: .telemetry, channelLabels: ["battery"], unit: "%", samplingRate: 0.1),
        ])

    private func started() throws -> (OSCSink, OSCLoopbackReceiver) {
        let receiver = try OSCLoopbackReceiver()
        let sink = OSCSink(sender: try receiver.sender())
        try sink.start(Self.muse, lslTime: { $0 })
        return (sink, receiver)
    }

    private func eeg(first: Int64, rows: Int, start: Double, lost: Set<Int> = [], markers: [BlockMarker] = []) -> SampleBlock {
        var values: [Double] = []
        for r in 0..<rows { values += (0..<5).map { lost.contains(r) ? .nan : Double(Int(first) + r) * 10 + Double($0) } }
        return SampleBlock(
            stream: "eeg", firstIndex: first, channelCount: 5, values: values, times: (0..<rows).map { start + Double($0) / 256 }, markers: markers)
    }

    @Test func eachEEGSampleIsOneMessageWithEveryChannelAndALostOneIsNaN() throws {
        let (sink, receiver) = try started()
        sink.send(eeg(first: 0, rows: 3, start: 100, lost: [1], markers: [BlockMarker(row: 2, marker: Marker(code: 320, label: "fixation"))]))
        let messages = receiver.drain()
        #expect(messages.map(\.address) == ["/muse/eeg", "/muse/eeg", "/muse/eeg", "/Marker/320"])
        #expect(messages[0].values == [0, 1, 2, 3, 4].map { Value.f($0) })
        // The lost sample keeps its place, every channel NaN: never a zero, never skipped.
        #expect(messages[1].values.count == 5 && messages[1].values.allSatisfy { $0.float?.isNaN == true })
        #expect(messages[2].values == [20, 21, 22, 23, 24].map { Value.f($0) })
        #expect(messages[3].values == [.string("fixation")])
    }

    @Test func ppgChannelsTakeMindMonitorsPlacesAndOtherOpticsGoAsTheyAre() throws {
        let (sink, receiver) = try started()
        sink.send(SampleBlock(stream: "ppg", firstIndex: 0, channelCount: 1, values: [7, 8], times: [1, 1.015625]))
        sink.send(SampleBlock(stream: "optics", firstIndex: 0, channelCount: 2, values: [1, 2], times: [1]))
        sink.send(SampleBlock(stream: "acc", firstIndex: 0, channelCount: 3, values: [0.5, -0.25, 1], times: [1]))
        sink.send(SampleBlock(stream: "telemetry", firstIndex: 0, channelCount: 1, values: [80], times: [1]))
        let messages = receiver.drain()
        #expect(messages.map(\.address) == ["/muse/ppg", "/muse/ppg", "/muse/ppg", "/muse/acc"])
        // Ambient, infrared, red: the classic Muse's stream holds the infrared one only.
        #expect(messages[0].values.map { $0.float.map { $0.isNaN ? "nan" : "\($0)" } } == ["nan", "7.0", "nan"])
        #expect(messages[1].values[1] == .f(8))
        #expect(messages[2].values == [.f(1), .f(2)])
        #expect(messages[3].values == [.f(0.5), .f(-0.25), .f(1)])
    }

    @Test func bandPowerIsBelsAndSharesPerSensorWithoutTheAUXChannel() throws {
        let (sink, receiver) = try started()
        let method = BandPowerMethod.standard(samplingRate: 256)
        let bands = method.bands.count
        let channels = (0..<5).map { c in
            BandPowers(
                absolute: (0..<bands).map { c == 1 ? 0 : pow(10, Double($0 + c)) }, relative: (0..<bands).map { Double($0 + 1) / 100 },
                denominator: 1)
        }
        sink.send(BandPowerUpdate(time: 3, sampleIndex: 768, windowSeconds: 4, method: method, channels: channels))
        let messages = receiver.drain()
        #expect(messages.map(\.address) == method.bands.flatMap { ["/muse/elements/\($0.name)_absolute", "/muse/elements/\($0.name)_relative"] })
        let alpha = try #require(method.bands.firstIndex { $0.name == "alpha" })
        let absolute = messages[2 * alpha].values.compactMap(\.float)
        // log10 of µV² per sensor; a power of 0 has no logarithm and goes as NaN; AUX left out.
        #expect(absolute.count == 4)
        #expect(absolute[0] == Float(alpha) && absolute[2] == Float(alpha + 2) && absolute[3] == Float(alpha + 3))
        #expect(absolute[1].isNaN)
        #expect(messages[2 * alpha + 1].values == Array(repeating: Value.f(Float(Double(alpha + 1) / 100)), count: 4))
    }

    @Test func stateGoesAtOnceOnAChangeThenTwiceASecondOfEEG() throws {
        let (sink, receiver) = try started()
        // Nothing is known yet: EEG alone sends no state path.
        sink.send(eeg(first: 0, rows: 12, start: 0))
        #expect(receiver.drain().allSatisfy { $0.address == "/muse/eeg" })
        sink.send(grades: [1, 2, 4, 1, 4], time: 0.05)
        sink.send(DeviceStateChange(state: .onHead, value: true, time: 0.05))
        sink.send(battery: 87, time: 0.05)
        #expect(
            receiver.drain() == [
                .init(address: "/muse/elements/horseshoe", values: [.f(1), .f(2), .f(4), .f(1)]),
                .init(address: "/muse/elements/touching_forehead", values: [.int(1)]),
                .init(address: "/muse/batt", values: [.f(87)]),
            ])
        // 2.5 s of EEG in blocks of 12: the state repeats with the first block 0.5 s after the last
        // time it went (the first EEG block, at 11/256 s), so four times.
        var repeatedAt: [Double] = []
        var first: Int64 = 12
        while first <= 640 {
            let block = eeg(first: first, rows: 12, start: Double(first) / 256)
            sink.send(block)
            if receiver.drain().contains(where: { $0.address == "/muse/elements/horseshoe" }) { repeatedAt.append(block.times.last!) }
            first += 12
        }
        #expect(repeatedAt.count == 4, "\(repeatedAt)")
        #expect(
            zip(repeatedAt.dropFirst(), repeatedAt).allSatisfy { $0 - $1 >= OSCSink.stateInterval && $0 - $1 < OSCSink.stateInterval + 12.0 / 256 })
        // A stalled source sends no stale state: nothing without new EEG.
        #expect(receiver.drain().isEmpty)
    }

    @Test func aMarkerPlacedLaterGoesByItsCodeWithItsLabel() throws {
        let (sink, receiver) = try started()
        sink.send(marker: Marker(code: 7, label: "key 7"), time: 12)
        sink.send(marker: Marker(code: 1000), time: 13)
        #expect(receiver.drain() == [.init(address: "/Marker/7", values: [.string("key 7")]), .init(address: "/Marker/1000", values: [.string("")])])
    }
}
