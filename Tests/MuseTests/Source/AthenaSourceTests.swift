import DataSources
import Foundation
import Storage
import TestSupport
import Testing

@testable import Muse

/// The real ``MuseSource`` against a simulated Muse S Athena on a Unix SOCK_SEQPACKET socket, through a
/// real ``DataController`` and ``RecordingInProgress`` into an HDF5 file read back sample by sample.
@Suite(.tags(.python))
struct AthenaSourceTests {
    /// Records `seconds` of signal from `simulated` at `speed` with `preset`; returns the reader and headband.
    private func record(
        _ simulated: SimulatedHeadband.Configuration, seconds: Double, preset: String? = nil
    ) async throws -> (RecordingReader, SimulatedHeadband, TemporaryDirectory) {
        let sockets = try ShortSocketDirectory()
        let headband = SimulatedHeadband(path: sockets.socket(), configuration: simulated)
        try headband.start()
        defer { headband.stop() }
        let dir = try TemporaryDirectory("athena-record")
        let store = try DataStore(root: dir.url)
        let source = MuseSource(
            configuration: .init(device: .unixSocket(path: headband.path), timeScale: simulated.speed, requestedPreset: preset))
        let controller = DataController(source: source)
        let recording = try await RecordingInProgress.start(
            store: store, controller: controller,
            request: RecordingRequest(participant: "5A0C4E3F-1111-4A2B-8C3D-123456789ABC", duration: seconds))
        try await controller.start()
        let item = try await recording.result()
        await controller.stop()
        #expect(item.outcome.isComplete)
        return (try RecordingReader(url: store.url(of: item.path)), headband, dir)
    }

    private func athena(speed: Double) -> SimulatedHeadband.Configuration {
        var simulated = SimulatedHeadband.Configuration()
        simulated.includesAthena = true
        simulated.mtu = 247
        simulated.speed = speed
        return simulated
    }

    /// Generated p1041 packets with a dropped and a reordered notification: every stored EEG code is
    /// what the headband sent, NaN rows exactly where the dropped one's samples belong (a gap event
    /// there), the reordered one's samples too (its place was passed), and 1/256 s spacing.
    @Test func recordsEveryGeneratedSampleAndNaNWhereNotificationsWereLost() async throws {
        var simulated = athena(speed: 8)
        simulated.droppedNotifications = [100]
        simulated.swappedNotifications = [300]
        let (reader, headband, _) = try await record(simulated, seconds: 6)
        #expect(reader.descriptor.model == "Muse S Athena" && reader.descriptor.serial == headband.serialNumber)
        #expect(reader.descriptor.firmware == "3.0.21" && reader.descriptor.hardware == "MS-03")
        #expect(reader.descriptor.properties["Preset"] == "p1041")
        #expect(reader.channelNames == ["TP9", "AF7", "AF8", "TP10", "AUX_1", "AUX_2", "AUX_3", "AUX_4"])
        #expect(reader.descriptor.eeg.rawCoding?.bits == 14)
        #expect(headband.log.commands == ["v6", "s", "h", "p1041", "s", "dc001", "dc001", "L1", "s"])
        let rows = 6 * 256
        let stored = try reader.readBlock(from: 0, count: rows)
        let raw = try #require(stored.raw)
        // Notification k carries EEG samples 4k…4k+3; 100 was dropped, 300 arrived after 301.
        let lost = Set((400..<404).map { $0 } + (1200..<1204).map { $0 })
        for row in 0..<stored.count {
            for c in 0..<8 {
                if lost.contains(row) {
                    #expect(stored.value(row: row, channel: c).isNaN, "row \(row) should be missing")
                } else {
                    let code = headband.athenaEEGCode(channel: c, sampleIndex: Int64(row))
                    #expect(raw[row * 8 + c] == code, "row \(row) channel \(c)")
                    #expect(abs(stored.value(row: row, channel: c) - AthenaEEGSamples.microvolts(code: code)) < 1e-9)
                }
            }
        }
        let events = try reader.events()
        let gaps = events.filter { $0.code == Marker.gapCode && $0.label.hasPrefix("gap") }.map(\.sample)
        #expect(gaps == [400, 1200], "\(events.map { ($0.sample, $0.label) })")
        let period = 1.0 / 256 / 8
        for row in 1..<stored.count {
            let step = stored.times[row] - stored.times[row - 1]
            #expect(step >= 1e-6 && step <= period + 1e-6, "row \(row) step \(step)")
        }
        let optics = try #require(try reader.stream(named: "optics"))
        #expect(optics.columns == 16 && optics.values.count > 16 * 64 * 5)
        #expect(Int(optics.values[16 * 5 + 3]) == Int(AthenaPacketGenerator.opticsCode(channel: 3, sample: 5)))
        let accelerometer = try #require(try reader.stream(named: "accelerometer"))
        #expect(accelerometer.columns == 3 && abs(accelerometer.values[2] - 1) < 0.001)
        let battery = try #require(try reader.stream(named: "battery"))
        #expect(battery.values.allSatisfy { abs($0 - 82) < 0.01 } && battery.values.count >= 5)
    }

    /// A real capture replayed with its original timing (20× faster) equals the independent Python
    /// decode: EEG codes, accelerometer, optics, battery; nothing the capture holds is lost.
    @Test(arguments: ["data_p1035", "data_p21"]) func aReplayedCaptureEqualsThePythonDecode(_ name: String) async throws {
        var simulated = athena(speed: 20)
        simulated.athenaReplay = try AthenaCaptureDecode.lines(name)
        let python = try AthenaCaptureDecode.python(name)
        let channels = python.eeg_channels
        let samples = python.eeg.count / channels
        // Record a little less than the capture holds, so the recording ends by its duration.
        let seconds = Double(samples - 256) / 256
        let (reader, _, _) = try await record(simulated, seconds: seconds, preset: name == "data_p21" ? "p21" : "p1035")
        #expect(reader.channelNames.count == channels)
        let rows = Int(reader.sampleCount)
        #expect(rows >= samples - 256 - 1)
        let stored = try reader.readBlock(from: 0, count: rows)
        let raw = try #require(stored.raw)
        #expect(raw.map(Int.init) == Array(python.eeg.prefix(rows * channels)))
        // Sample spacing: 1/256 s of signal (÷ 20 on the host clock), never backwards.
        let period = 1.0 / 256 / 20
        let steps = zip(stored.times.dropFirst(), stored.times).map { $0 - $1 }
        #expect(steps.allSatisfy { $0 >= 0 && $0 <= period + 1e-6 })
        let mean = ((stored.times.last ?? 0) - (stored.times.first ?? 0)) / Double(rows - 1)
        #expect(abs(mean / period - 1) < 0.01, "mean step \(mean) vs \(period)")
        let accelerometer = try #require(try reader.stream(named: "accelerometer"))
        let codes = accelerometer.values.map { Int(($0 / AthenaScale.accelerometerGPerCode).rounded()) }
        #expect(codes == Array(python.accel.prefix(codes.count)) && codes.count > python.accel.count * 8 / 10)
        if python.optics_channels > 0 {
            let optics = try #require(try reader.stream(named: "optics"))
            #expect(optics.columns == python.optics_channels)
            #expect(optics.values.map { Int($0) } == Array(python.optics.prefix(optics.values.count)))
            #expect(optics.values.count > python.optics.count * 8 / 10)
        }
        let battery = try #require(try reader.stream(named: "battery"))
        #expect(battery.values == Array(python.battery.prefix(battery.values.count)).map { Double($0) / 256 })
        let gaps = try reader.events().filter { $0.code == Marker.gapCode }
        #expect(gaps.isEmpty)
    }

    /// The Athena drops the link; the source reconnects by itself, runs the Athena sequence again and
    /// goes on in a new segment (the headband's block numbers and device time restart): indices only
    /// grow, and the time away is missing.
    @Test func reconnectsAndContinuesInANewSegment() async throws {
        var simulated = athena(speed: 8)
        simulated.disconnectAfterBlocks = 200
        let (trace, log) = try await ReconnectTrace.record(simulated, rows: 200 * 4 + 512)
        let indices = trace.indices
        #expect(log.connections == 2)
        #expect(log.commands.filter { $0 == "dc001" }.count == 4)
        #expect(indices == indices.sorted() && Set(indices).count == indices.count)
        #expect(Array(indices.prefix(800)) == Array(0..<800))
        #expect(indices.count >= 200 * 4 + 512)
    }

    /// A real capture replayed with one notification dropped and a pair reordered: the dropped one's EEG
    /// rows and the late one's (its place was passed) are NaN exactly there, with a gap event each;
    /// every other row equals the Python decode, in order.
    @Test func aDroppedAndAReorderedReplayNotificationAreNaNAtTheirPlace() async throws {
        let name = "data_p1041"
        var simulated = athena(speed: 20)
        let lines = try AthenaCaptureDecode.lines(name)
        let python = try AthenaCaptureDecode.python(name)
        // The EEG rows each notification holds, from the capture itself.
        var firstRow: [Int] = []
        var rows = 0
        for line in lines {
            firstRow.append(rows)
            for (_, block) in AthenaNotification(payload: line.payload).blocks where block.tag == .eeg8 { rows += 2 }
        }
        firstRow.append(rows)
        func holdsEEG(_ k: Int) -> Bool { firstRow[k + 1] > firstRow[k] }
        // A notification with EEG to drop, and one to send after its successor (both with EEG).
        let dropped = try #require((200..<lines.count).first(where: holdsEEG))
        let swapped = try #require((400..<lines.count - 1).first { holdsEEG($0) && holdsEEG($0 + 1) })
        simulated.athenaReplay = lines
        simulated.droppedNotifications = [dropped]
        simulated.swappedNotifications = [swapped]
        let lost = Set([dropped, swapped].flatMap { firstRow[$0]..<firstRow[$0 + 1] })
        #expect(lost.count >= 4)
        let (reader, _, _) = try await record(simulated, seconds: 20)
        let stored = try reader.readBlock(from: 0, count: 20 * 256)
        let raw = try #require(stored.raw)
        for row in 0..<stored.count {
            if lost.contains(row) {
                #expect(stored.value(row: row, channel: 0).isNaN, "row \(row) should be missing")
            } else {
                #expect((0..<8).allSatisfy { Int(raw[row * 8 + $0]) == python.eeg[row * 8 + $0] }, "row \(row)")
            }
        }
        let gaps = try reader.events().filter { $0.code == Marker.gapCode && $0.label.hasPrefix("gap") }.map(\.sample)
        #expect(gaps == [Int64(firstRow[dropped]), Int64(firstRow[swapped])])
    }

    /// A preset the model does not take is refused in one line naming the accepted ones.
    @Test func unknownPresetsAreRefusedWithTheList() async throws {
        let sockets = try ShortSocketDirectory()
        let headband = SimulatedHeadband(path: sockets.socket(), configuration: athena(speed: 1))
        try headband.start()
        defer { headband.stop() }
        let controller = DataController(
            source: MuseSource(configuration: .init(device: .unixSocket(path: headband.path), requestedPreset: "p99")))
        try await controller.start()
        let error = "\(await controller.waitUntilEnded().map { "\($0)" } ?? "")"
        #expect(error.contains("p99") && error.contains("p1041") && error.contains("p4129"))
    }

    /// An Athena that will not raise the ATT MTU to 247 is refused in one line.
    @Test func anAthenaWithoutTheMTUIsRefused() async throws {
        var simulated = athena(speed: 1)
        simulated.mtu = 23
        let sockets = try ShortSocketDirectory()
        let headband = SimulatedHeadband(path: sockets.socket(), configuration: simulated)
        try headband.start()
        defer { headband.stop() }
        let controller = DataController(source: MuseSource(configuration: .init(device: .unixSocket(path: headband.path))))
        try await controller.start()
        let error = "\(await controller.waitUntilEnded().map { "\($0)" } ?? "")"
        #expect(error.contains("MTU") && error.contains("247"))
    }
}
