import DataSources
import Testing

@testable import Streaming

/// How ``LSLSink`` lays the device's streams out as outlets: the recorder's own layout keeps every
/// channel; muselsl's gives the classic Muse its five EEG channels (AUX NaN when not streamed), its
/// three PPG channels in place, and X/Y/Z for the IMU.
struct LSLSinkLayoutTests {
    static let classic = ["TP9", "AF7", "AF8", "TP10"]

    @Test func theDescriptiveLayoutKeepsTheStreamAsItIs() {
        let eeg = StreamDescriptor(name: "eeg", kind: .eeg, channelLabels: Self.classic, unit: "uV", samplingRate: 256)
        let layout = LSLSink.descriptiveLayout(eeg)
        #expect(layout.name == nil && layout.type == "EEG" && layout.unit == "microvolts")
        #expect(layout.labels == Self.classic && layout.columns == [0, 1, 2, 3])
        let acc = StreamDescriptor(name: "acc", kind: .accelerometer, channelLabels: ["x", "y", "z"], unit: "g", samplingRate: 52)
        #expect(LSLSink.typeAndUnit(acc) == ("Accelerometer", "g"))
        #expect(LSLSink.typeAndUnit(StreamDescriptor(name: "e", kind: .eeg, channelLabels: [], unit: "mV", samplingRate: 1)) == ("EEG", "mV"))
    }

    @Test(arguments: [false, true])
    func muselslGivesTheClassicMuseFiveChannelsWithAUXWhereItIs(streamsAUX: Bool) {
        let labels = Self.classic + (streamsAUX ? ["AUX_R"] : [])
        let eeg = StreamDescriptor(name: "eeg", kind: .eeg, channelLabels: labels, unit: "uV", samplingRate: 256)
        let layout = LSLSink.muselslLayout(eeg, model: "Muse 2")
        #expect(layout.name == "Muse" && layout.type == "EEG" && layout.unit == "microvolts")
        #expect(layout.labels == Self.classic + ["Right AUX"])
        // Without AUX in the preset, muselsl's fifth channel is there and NaN (no column).
        #expect(layout.columns == [0, 1, 2, 3, streamsAUX ? 4 : nil])
    }

    @Test func muselslKeepsAnAthenasChannelsAndNamesItsAUX() {
        let labels = ["TP9", "AF7", "AF8", "TP10", "AUX_L", "AUX_R"]
        let layout = LSLSink.muselslLayout(
            StreamDescriptor(name: "eeg", kind: .eeg, channelLabels: labels, unit: "uV", samplingRate: 256), model: "Muse S Athena")
        #expect(layout.labels == ["TP9", "AF7", "AF8", "TP10", "AUX_L", "Right AUX"])
        #expect(layout.columns == [0, 1, 2, 3, 4, 5])
    }

    @Test func muselslPutsTheInfraredPPGChannelSecondAndTheIMUAsXYZ() {
        let ppg = LSLSink.muselslLayout(
            StreamDescriptor(name: "ppg", kind: .ppg, channelLabels: ["infrared"], unit: "", samplingRate: 64), model: "Muse 2")
        #expect(ppg.labels == ["PPG1", "PPG2", "PPG3"] && ppg.columns == [nil, 0, nil] && ppg.type == "PPG")
        let all = LSLSink.muselslLayout(
            StreamDescriptor(name: "ppg", kind: .ppg, channelLabels: ["red", "ambient", "infrared"], unit: "", samplingRate: 64), model: "Muse 2")
        #expect(all.columns == [1, 2, 0])
        let optics = LSLSink.muselslLayout(
            StreamDescriptor(name: "o", kind: .ppg, channelLabels: ["o1", "o2"], unit: "au", samplingRate: 64), model: "Muse S Athena")
        #expect(optics.labels == ["o1", "o2"] && optics.columns == [0, 1] && optics.unit == "au")
        let gyro = LSLSink.muselslLayout(
            StreamDescriptor(name: "g", kind: .gyroscope, channelLabels: ["a", "b", "c"], unit: "dps", samplingRate: 52), model: "Muse 2")
        #expect(gyro.type == "GYRO" && gyro.labels == ["X", "Y", "Z"] && gyro.unit == "dps")
        let acc = LSLSink.muselslLayout(
            StreamDescriptor(name: "a", kind: .accelerometer, channelLabels: ["a", "b", "c"], unit: "g", samplingRate: 52), model: "Muse 2")
        #expect(acc.type == "ACC" && acc.columns == [0, 1, 2])
    }
}
