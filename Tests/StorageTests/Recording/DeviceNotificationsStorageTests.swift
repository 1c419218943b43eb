import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// `/Device/Notifications`: a device's bytes as they arrived, written by the real writer, read back
/// by the reader and h5py, and rebuilt from the journal after a crash.
@Suite(.tags(.python))
struct DeviceNotificationsStorageTests {
    static let participant = "0C4E3F6A-2222-4A2B-8C3D-123456789ABC"

    /// `count` notifications on two channels (a control reply every tenth), of 1…244 bytes.
    static func notifications(_ count: Int, from first: Int = 0) -> DeviceNotifications {
        var batch = DeviceNotifications(channelNames: ["data", "control"], receiveClockScale: 2)
        for i in first..<(first + count) {
            let length = 1 + (i * 37) % 244
            batch.append(
                time: 1_700_000_000 + Double(i) / 40, receiveClock: 5_000_000_000 + Int64(i) * 12_500_001, channel: i % 10 == 0 ? 1 : 0,
                bytes: (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ i) })
        }
        return batch
    }

    static func writer(in store: DataStore) throws -> RecordingWriter {
        let url = try store.unusedURL(
            participant: participant, fileName: FileNaming.recording(paradigm: "rest", day: 1, session: 1, run: 1, participant: participant))
        let meta = RecordingMetadata(participant: participant, source: OscillatorConfiguration().descriptor)
        return try RecordingWriter(url: url, metadata: meta)
    }

    @Test func notificationsAreStoredAsTheyArrivedAndReadBack() throws {
        let dir = try TemporaryDirectory("notifications")
        let store = try DataStore(root: dir.url)
        let writer = try Self.writer(in: store)
        let all = Self.notifications(900)
        // In three batches, the later ones naming their channels in another order: the file keeps one table.
        var first = Self.notifications(300)
        first.isLateCopy = true
        try writer.appendNotifications(first)
        try writer.appendNotifications(Self.notifications(300, from: 300))
        var third = DeviceNotifications(channelNames: ["control", "data"], receiveClockScale: 2)
        for e in Self.notifications(300, from: 600).entries {
            third.append(time: e.time, receiveClock: e.receiveClock, channel: e.channel == "data" ? 1 : 0, bytes: e.bytes)
        }
        try writer.appendNotifications(third)
        try writer.finish(.complete)

        let (stored, prologue) = try #require(try RecordingReader(url: writer.url).deviceNotifications())
        #expect(prologue == 300)
        #expect(stored.channelNames == ["data", "control"])
        #expect(stored.times == all.times && stored.receiveClock == all.receiveClock)
        #expect(stored.channels == all.channels && stored.lengths == all.lengths && stored.bytes == all.bytes)
        #expect(stored.receiveClockScale == 2)

        let check = try PythonTool.json(LayoutCheck.self, script: Self.layoutCheck, arguments: [writer.url.path])
        #expect(check.count == 900 && check.channels == ["data", "control"] && check.offsets_match && check.scale == 2)
        #expect(check.bytes_deflated && check.numbers_shuffled && check.prologue == 300)
        #expect(check.first_bytes == all.entries[1].bytes.map(Int.init))
    }

    /// The datasets take entries a chunk at a time: batches flushed one by one (well over a chunk of
    /// rows and of bytes in all, ending between chunks) are all in the file, in order, byte for byte.
    @Test func notificationsFlushedInSmallBatchesReachTheFileWhole() throws {
        let dir = try TemporaryDirectory("notifications-batches")
        let store = try DataStore(root: dir.url)
        let url = try store.unusedURL(
            participant: Self.participant,
            fileName: FileNaming.recording(paradigm: "rest", day: 1, session: 1, run: 1, participant: Self.participant))
        let meta = RecordingMetadata(participant: Self.participant, source: OscillatorConfiguration().descriptor)
        let writer = try RecordingWriter(url: url, metadata: meta, options: .init(flushInterval: 0))
        let total = 9_001
        var first = 0
        while first < total {
            let n = min(7, total - first)
            try writer.appendNotifications(Self.notifications(n, from: first))
            first += n
        }
        try writer.finish(.complete)
        let all = Self.notifications(total)
        #expect(all.count > 2 * NotificationDatasets.rowChunk && all.bytes.count > 10 * NotificationDatasets.byteChunk)
        let (stored, _) = try #require(try RecordingReader(url: writer.url).deviceNotifications())
        #expect(stored.count == total && stored.bytes.count == all.bytes.count)
        #expect(stored.times == all.times && stored.receiveClock == all.receiveClock)
        #expect(stored.channels == all.channels && stored.lengths == all.lengths && stored.bytes == all.bytes)
    }

    @Test func aCrashLosesNoNotificationWrittenAndRecoveryRebuildsThem() async throws {
        let dir = try TemporaryDirectory("notifications-recover")
        let store = try DataStore(root: dir.url)
        let url: URL
        do {
            let writer = try Self.writer(in: store)
            url = writer.url
            try store.catalog.insert(
                CatalogItem(
                    kind: .recording, path: store.relativePath(of: url), participant: Self.participant, title: "rest", day: 1, session: 1, run: 1,
                    state: .writing, outcome: .incomplete(reason: nil)))
            var generator = OscillatorGenerator(configuration: .init(seed: 1, startTime: 50))
            try writer.append(generator.next(512)[0])
            try writer.appendNotifications(Self.notifications(500))
            try writer.flush()
        }  // dropped without finish, as a killed process leaves it
        #expect(await Recovery.run(store: store).rebuilt.count == 1)
        let (stored, _) = try #require(try RecordingReader(url: url).deviceNotifications())
        let sent = Self.notifications(500)
        #expect(stored.count == 500 && stored.bytes == sent.bytes && stored.receiveClock == sent.receiveClock && stored.times == sent.times)
    }

    @Test func aRecordingWithoutADeviceKeepsNoNotifications() throws {
        let dir = try TemporaryDirectory("notifications-none")
        let writer = try Self.writer(in: try DataStore(root: dir.url))
        var generator = OscillatorGenerator(configuration: .init(seed: 1, startTime: 50))
        try writer.append(generator.next(256)[0])
        try writer.finish(.complete)
        #expect(try RecordingReader(url: writer.url).deviceNotifications() == nil)
    }

    struct LayoutCheck: Decodable {
        var count: Int
        var channels: [String]
        var offsets_match: Bool
        var scale: Double
        var bytes_deflated: Bool
        var numbers_shuffled: Bool
        var prologue: Int
        var first_bytes: [Int]
    }

    static let layoutCheck = """
        import h5py, json, sys, numpy as np
        g = h5py.File(sys.argv[1], 'r')['Device/Notifications']
        n = len(g['Time']); L = g['Length'][()].astype(np.int64); B = g['Bytes'][()]
        off = np.concatenate([[0], np.cumsum(L)])
        print(json.dumps({'count': n, 'channels': [c.decode() if isinstance(c, bytes) else c for c in g.attrs['Channels']],
            'offsets_match': bool(off[-1] == len(B) == int(g.attrs['ByteCount']) and n == int(g.attrs['NotificationCount'])
                and len(g['ReceiveClock']) == len(g['Channel']) == len(L) == n and g['Channel'].dtype == np.uint8 and g['Length'].dtype == np.uint16),
            'scale': float(g.attrs['ReceiveClockScale']), 'bytes_deflated': g['Bytes'].compression == 'gzip' and B.dtype == np.uint8,
            'numbers_shuffled': bool(g['Time'].shuffle and g['ReceiveClock'].shuffle), 'prologue': int(g.attrs['PrologueEntries']),
            'first_bytes': [int(b) for b in B[off[1]:off[2]]]}))
        """
}
