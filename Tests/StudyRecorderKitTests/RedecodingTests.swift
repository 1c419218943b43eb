import DataSources
import Foundation
import Storage
import StudyRecorderKit
import TestSupport
import Testing

@testable import Muse

/// ``Redecoding``: a Muse recording keeps the headband's bytes (`/Device/Notifications`) and decodes
/// from them again into an equal file. Real parts throughout: the simulated headband on a Unix
/// socket, the real ``MuseSource``, ``DataController`` and ``RecordingInProgress``, HDF5 read back.
@Suite struct RedecodingTests {
    /// Records `seconds` from `simulated` (its speed as the source's time scale) into a new store.
    static func record(_ simulated: SimulatedHeadband.Configuration, seconds: Double, preset: String? = nil) async throws -> (URL, SimulatedHeadband, TemporaryDirectory) {
        let sockets = try ShortSocketDirectory()
        let headband = SimulatedHeadband(path: sockets.socket(), configuration: simulated)
        try headband.start()
        defer { headband.stop() }
        let dir = try TemporaryDirectory("redecode")
        let store = try DataStore(root: dir.url)
        let source = MuseSource(configuration: .init(device: .unixSocket(path: headband.path), timeScale: simulated.speed, requestedPreset: preset))
        let controller = DataController(source: source)
        let recording = try await RecordingInProgress.start(
            store: store, controller: controller, request: RecordingRequest(participant: "5A0C4E3F-3333-4A2B-8C3D-123456789ABC", duration: seconds))
        try await controller.start()
        let item = try await recording.result()
        await controller.stop()
        return (store.url(of: item.path), headband, dir)
    }

    static func athena(speed: Double) -> SimulatedHeadband.Configuration {
        var simulated = SimulatedHeadband.Configuration()
        simulated.includesAthena = true
        simulated.mtu = 247
        simulated.speed = speed
        return simulated
    }

    static func bits(_ values: [Double]) -> [UInt64] { values.map(\.bitPattern) }

    /// Redecodes `url` and checks the new file against it: the same EEG (values, raw codes, times,
    /// markers), streams, events and bytes, and both decoders named.
    @discardableResult
    static func expectRedecodesEqually(_ url: URL, in dir: TemporaryDirectory) async throws -> RecordingReader {
        let out = dir.url.appendingPathComponent("redecoded.h5")
        let result = try await Redecoding.redecode(url, to: out)
        let original = try RecordingReader(url: url)
        let again = try RecordingReader(url: out)
        #expect(result.url == out && FileManager.default.fileExists(atPath: url.path))
        #expect(original.sampleCount > 0 && again.sampleCount == original.sampleCount)
        let a = try original.readBlock(from: 0, count: Int(original.sampleCount))
        let b = try again.readBlock(from: 0, count: Int(again.sampleCount))
        #expect(bits(a.values) == bits(b.values), "Data differs")
        #expect(a.raw != nil && a.raw == b.raw, "RawData differs")
        #expect(a.times == b.times, "TimeStamp differs")
        #expect(a.markers.map(\.row) == b.markers.map(\.row))
        for stream in original.descriptor.streams where stream.name != original.descriptor.eeg.name {
            let x = try #require(try original.stream(named: stream.name))
            let y = try #require(try again.stream(named: stream.name), "\(stream.name) missing")
            #expect(x.times == y.times && bits(x.values) == bits(y.values) && x.columns == y.columns, "stream \(stream.name) differs")
        }
        func key(_ e: RecordingEvent) -> String { "\(e.sample) \(e.code) \(e.label)" }
        #expect(try original.events().map(key).sorted() == again.events().map(key).sorted())
        let (bytes, _) = try #require(try original.deviceNotifications())
        #expect(try again.deviceNotifications()?.notifications == bytes)
        let decoder = try #require(original.provenance?.decoderVersion)
        #expect(again.provenance?.decoderVersion == decoder && again.provenance?.recordedDecoderVersion == decoder)
        #expect(again.provenance?.source == original.provenance?.source)
        #expect(result.decoder == decoder && result.recordedDecoder == decoder)
        return original
    }

    /// A classic Muse 2 losing a whole block and single channel packets (released by the assembly
    /// timer) and delivering a block after the next one.
    @Test func aClassicRecordingWithLossAndReorderingRedecodesToTheSameContent() async throws {
        var simulated = SimulatedHeadband.Configuration()
        simulated.speed = 8
        simulated.droppedBlocks = [40, 41]
        simulated.droppedChannelPackets = [ChannelPacket(counter: 70, channel: 2), ChannelPacket(counter: 130, channel: 0)]
        simulated.swappedBlocks = [100]
        let (url, headband, dir) = try await Self.record(simulated, seconds: 6)
        let original = try await Self.expectRedecodesEqually(url, in: dir)
        let (stored, prologue) = try #require(try original.deviceNotifications())
        #expect(prologue == 0)
        // The control replies and every EEG characteristic are there, each EEG packet once.
        let names = Set(stored.entries.map(\.channel))
        #expect(names.isSuperset(of: [MuseCharacteristic.control.uuidString, MuseCharacteristic.tp9.uuidString, MuseCharacteristic.tp10.uuidString]))
        let tp9 = stored.entries.filter { $0.channel == MuseCharacteristic.tp9.uuidString }
        let sentTP9 = headband.log.sentEEG.filter { $0.channel == 0 }
        #expect(tp9.count >= 6 * 256 / 12 - 4 && tp9.count <= sentTP9.count)
        #expect(Set(tp9.map { Array($0.bytes.prefix(2)) }).count == tp9.count, "an EEG packet stored twice")
    }

    /// A classic headband that falls silent with a block missing a channel: the assembly timer
    /// releases that block, the source finds the link silent and reconnects; both moments are kept
    /// among the bytes (`timer`, `link`), and the redecoding releases, reconnects and places the
    /// second segment as the recording did.
    @Test func aClassicRecordingThatFallsSilentAndReconnectsRedecodesToTheSameContent() async throws {
        var simulated = SimulatedHeadband.Configuration()
        simulated.speed = 8
        simulated.silentAfterBlocks = 60
        simulated.droppedChannelPackets = [ChannelPacket(counter: 59, channel: 2)]
        let (url, headband, dir) = try await Self.record(simulated, seconds: 16)
        let original = try await Self.expectRedecodesEqually(url, in: dir)
        let (stored, _) = try #require(try original.deviceNotifications())
        let notes = stored.entries.filter { $0.channel == MuseStreamSession.timerChannel || $0.channel == MuseStreamSession.linkChannel }
        #expect(notes.contains { $0.channel == MuseStreamSession.timerChannel && $0.bytes.isEmpty })
        #expect(notes.contains { $0.channel == MuseStreamSession.linkChannel && Array($0.bytes) == Array("silent".utf8) })
        #expect(headband.log.connections >= 2)
        #expect(try original.events().contains { $0.code == Marker.gapCode })
    }

    /// A Muse S Athena (p1041) losing a notification and delivering one after the next.
    @Test func anAthenaRecordingWithLossAndReorderingRedecodesToTheSameContent() async throws {
        var simulated = Self.athena(speed: 8)
        simulated.droppedNotifications = [100]
        simulated.swappedNotifications = [300]
        let (url, _, dir) = try await Self.record(simulated, seconds: 6)
        let original = try await Self.expectRedecodesEqually(url, in: dir)
        #expect(try original.events().contains { $0.code == Marker.gapCode })
    }

    /// Every shared capture played by the simulated headband: the recording keeps every data
    /// notification, in order, byte for byte as captured, and decodes again to the same content.
    @Test(arguments: ["data_p21", "data_p1034", "data_p1035", "data_p1041", "test_battery_58_27"])
    func aReplayedCaptureKeepsEveryNotificationAndRedecodesToTheSameContent(_ name: String) async throws {
        let text = try String(contentsOf: ProjectPaths.root.appendingPathComponent("Tests/Fixtures/athena/\(name).txt"), encoding: .utf8)
        let lines = text.split(separator: "\n").compactMap(AthenaCaptureLine.init)
        var simulated = Self.athena(speed: 20)
        simulated.athenaReplay = lines
        let span = (lines.last?.hostTime ?? 0) - (lines.first?.hostTime ?? 0)
        let (url, _, dir) = try await Self.record(simulated, seconds: span - 1.5)
        let original = try await Self.expectRedecodesEqually(url, in: dir)
        let (stored, _) = try #require(try original.deviceNotifications())
        let data = stored.entries.filter { $0.channel.hasPrefix("273e0013") }.map { Array($0.bytes) }
        let captured = lines.filter(\.isAthenaData).map(\.payload)
        #expect(data == Array(captured.prefix(data.count)), "stored bytes differ from the capture's")
        #expect(Double(data.count) >= Double(captured.count) * (span - 2.5) / span, "\(data.count) of \(captured.count) stored")
    }

    /// A stored recording played by the simulated headband (`simulate-headband --replay RECORDING.h5`)
    /// records again into an equal recording: the same bytes, EEG codes and values, and streams.
    @Test func aStoredRecordingReplaysIntoAnEqualRecording() async throws {
        let text = try String(contentsOf: ProjectPaths.root.appendingPathComponent("Tests/Fixtures/athena/data_p1041.txt"), encoding: .utf8)
        var simulated = Self.athena(speed: 20)
        simulated.athenaReplay = text.split(separator: "\n").compactMap(AthenaCaptureLine.init)
        let (first, _, dir) = try await Self.record(simulated, seconds: 20)
        simulated.athenaReplay = try Redecoding.replayLines(of: first)
        let (second, _, dir2) = try await Self.record(simulated, seconds: 19)
        _ = dir2
        let a = try RecordingReader(url: first)
        let b = try RecordingReader(url: second)
        #expect(b.sampleCount == 19 * 256 && a.sampleCount == 20 * 256)
        let x = try a.readBlock(from: 0, count: Int(b.sampleCount))
        let y = try b.readBlock(from: 0, count: Int(b.sampleCount))
        #expect(x.raw == y.raw && Self.bits(x.values) == Self.bits(y.values))
        for name in ["accelerometer", "gyroscope", "optics", "battery"] {
            let s = try #require(try a.stream(named: name))
            let t = try #require(try b.stream(named: name))
            let n = min(s.values.count, t.values.count)
            #expect(n > 0 && Self.bits(Array(s.values.prefix(n))) == Self.bits(Array(t.values.prefix(n))), "\(name) differs")
        }
        let sent = try #require(try a.deviceNotifications()).notifications.entries.filter { $0.channel.hasPrefix("273e0013") }.map { Array($0.bytes) }
        let got = try #require(try b.deviceNotifications()).notifications.entries.filter { $0.channel.hasPrefix("273e0013") }.map { Array($0.bytes) }
        #expect(!got.isEmpty && got == Array(sent.prefix(got.count)))
        #expect(b.provenance?.source == .replayedCapture)
        _ = dir
    }

    /// A recording without a headband's bytes (the oscillator's) is refused in one line.
    @Test func aRecordingWithoutBytesIsRefused() async throws {
        let dir = try TemporaryDirectory("redecode-none")
        let store = try DataStore(root: dir.url)
        let controller = DataController(source: OscillatorSource())
        let recording = try await RecordingInProgress.start(
            store: store, controller: controller, request: RecordingRequest(participant: "5A0C4E3F-3333-4A2B-8C3D-123456789ABC", duration: 1))
        try await controller.start()
        let item = try await recording.result()
        await controller.stop()
        await #expect {
            try await Redecoding.redecode(store.url(of: item.path))
        } throws: { error in
            (error as? RecorderError)?.code == .undecodable && "\(error)".contains("keeps no device notifications")
        }
    }
}
