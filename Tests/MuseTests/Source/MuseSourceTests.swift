import DataSources
import Foundation
import Storage
import TestSupport
import Testing

@testable import Muse

/// The real ``MuseSource`` against a ``SimulatedHeadband`` on a Unix SOCK_SEQPACKET socket, through a
/// real ``DataController`` and ``RecordingInProgress`` into an HDF5 file read back sample by sample.
struct MuseSourceTests {
    /// Streams with every fault the simulator offers (counter wrap, lost blocks, a lost single-channel
    /// packet, reordered blocks, a control reply packed with the next, a request from the headband) and
    /// checks every stored code against what the simulator sent, NaN exactly where data was lost, and
    /// timestamps 1/256 s apart.
    @Test func recordsEverySampleTheHeadbandSentAndNaNWhereItWasLost() async throws {
        var simulated = SimulatedHeadband.Configuration()
        simulated.speed = 8
        simulated.startCounter = 65_530  // wraps after 6 blocks
        simulated.droppedBlocks = [65_534, 20]  // sequences 4 and 26
        simulated.droppedChannelPackets = [ChannelPacket(counter: 40, channel: 2)]  // sequence 46, AF8
        simulated.swappedBlocks = [60]  // sequence 66 arrives after 67
        simulated.sendsReadRequest = true
        simulated.packsControlReplies = true
        let sockets = try ShortSocketDirectory()
        let headband = SimulatedHeadband(path: sockets.socket(), configuration: simulated)
        try headband.start()
        defer { headband.stop() }

        let dir = try TemporaryDirectory("muse-record")
        let store = try DataStore(root: dir.url)
        let participant = "5A0C4E3F-1111-4A2B-8C3D-123456789ABC"
        let source = MuseSource(configuration: .init(device: .unixSocket(path: headband.path), timeScale: 8))
        let controller = DataController(source: source)
        let blocks = 120
        let recording = try await RecordingInProgress.start(
            store: store, controller: controller, request: RecordingRequest(participant: participant, duration: Double(blocks * 12) / 256))
        try await controller.start()
        let item = try await recording.result()
        await controller.stop()
        #expect(item.outcome.isComplete)

        let reader = try RecordingReader(url: store.url(of: item.path))
        #expect(reader.descriptor.kind == "muse" && reader.descriptor.serial == headband.serialNumber && reader.descriptor.firmware == "1.2.13")
        #expect(headband.serialNumber.hasPrefix("SIM-") && headband.serialNumber != SimulatedHeadband(path: headband.path + "2").serialNumber)
        #expect(reader.channelNames == ["TP9", "AF7", "AF8", "TP10"])
        #expect(reader.descriptor.eeg.rawCoding == .init(bits: 12, scale: 0.48828125, offset: -1000))
        let stored = try reader.readBlock(from: 0, count: blocks * 12)
        #expect(stored.count == blocks * 12)
        let raw = try #require(stored.raw)
        // Row 0 is the first block the simulator sent on this connection; lost rows are its dropped blocks.
        let log = headband.log
        let s0 = (log.sentEEG + log.droppedEEG).map(\.sequence).min() ?? 0
        let lostBlocks = Set(log.droppedEEG.filter { p in !log.sentEEG.contains { $0.sequence == p.sequence } }.map { Int($0.sequence - s0) })
        let lostRows = Set(lostBlocks.flatMap { ($0 * 12)..<($0 * 12 + 12) })
        let lostChannel = log.droppedEEG.filter { p in log.sentEEG.contains { $0.sequence == p.sequence } }.map {
            (Int($0.sequence - s0), $0.channel)
        }
        for row in 0..<stored.count {
            for c in 0..<4 {
                let value = stored.value(row: row, channel: c)
                if lostRows.contains(row) || lostChannel.contains(where: { $0 == (row / 12, c) }) {
                    #expect(value.isNaN && raw[row * 4 + c] == StreamDescriptor.RawCoding.missingCode, "row \(row) channel \(c) should be missing")
                } else {
                    let code = headband.eegCode(channel: c, sampleIndex: s0 * 12 + Int64(row))
                    #expect(raw[row * 4 + c] == code, "row \(row) channel \(c)")
                    #expect(value == 0.48828125 * Double(code) - 1000)
                }
            }
        }
        // Timestamps: on the host's clock at every speed, so 1/(256 × 8) s apart at speed 8, gap rows
        // included. While the clock fit settles in the first seconds (an early packet that arrived
        // late), times slew towards it: a step is then at least 98 % of a sample period, or shorter
        // where a packet's arrival holds its samples back (no time after its arrival), never 0 and
        // never backwards (2 µs: both ends of a step are stored in whole µs, and a time of 1.8e9 s
        // carries 0.24 µs in a Double).
        // After the first 2 s at most 2 % of the steps are shorter than the slew's: at speed 8 a
        // loaded machine's stalls are 8 times longer in signal time, so a quicker delivery than any
        // before (a new low point of the envelope) can still come later and hold a packet back.
        let period = 1.0 / 256 / 8
        var short = 0
        for row in 1..<stored.count {
            let step = stored.times[row] - stored.times[row - 1]
            #expect(step >= 1e-6 && step <= period + 2e-6, "row \(row) step \(step)")
            if row > 2 * 256, step < 0.98 * period - 2e-6 { short += 1 }
        }
        #expect(short <= (stored.count - 2 * 256) * 2 / 100, "\(short) short steps after the first 2 s")
        let events = try reader.events()
        #expect(events.filter { $0.code == Marker.gapCode }.map(\.sample) == lostBlocks.sorted().map { Int64($0 * 12) })
        #expect(lostBlocks.count == 2 && lostChannel.count == 1)
        #expect(headband.log.received.contains { $0.first == 0x01 && $0.count == 5 && $0.last == 0x06 })  // the request answered
    }

    /// The headband drops the link; the source reports it, reconnects by itself and goes on, with the
    /// time away as missing samples and the device states in order.
    @Test func reconnectsAfterADisconnectAndContinues() async throws {
        var simulated = SimulatedHeadband.Configuration()
        simulated.speed = 8
        simulated.disconnectAfterBlocks = 30
        let (trace, log) = try await ReconnectTrace.record(simulated, rows: 60 * 12)
        let indices = trace.indices
        #expect(log.connections == 2)
        #expect(indices == indices.sorted() && Set(indices).count == indices.count)
        #expect(Array(indices.prefix(30 * 12)) == Array(0..<Int64(30 * 12)))
        #expect(indices.count > 30 * 12)
    }

    /// No simulated headband at the path: one clear line, no hang.
    @Test func aMissingHeadbandFailsClearly() async throws {
        let sockets = try ShortSocketDirectory()
        let controller = DataController(source: MuseSource(configuration: .init(device: .unixSocket(path: sockets.socket()))))
        try await controller.start()
        let error = await controller.waitUntilEnded()
        #expect(error is DataSourceError)
    }
}
