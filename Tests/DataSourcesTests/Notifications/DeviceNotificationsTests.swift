import Testing

@testable import DataSources

/// ``DeviceNotifications``: handing a batch over and joining batches whose channel tables differ.
struct DeviceNotificationsTests {
    static func batch(_ names: [String], _ entries: [(channel: UInt8, bytes: [UInt8])], from time: Double = 0) -> DeviceNotifications {
        var b = DeviceNotifications(channelNames: names, receiveClockScale: 3)
        for (i, e) in entries.enumerated() {
            b.append(time: time + Double(i), receiveClock: Int64((time + Double(i)) * 1e9), channel: e.channel, bytes: e.bytes)
        }
        return b
    }

    @Test func takeHandsOverTheEntriesAndKeepsTheTable() {
        var b = Self.batch(["a", "b"], [(0, [1, 2]), (1, [3])])
        b.isPrologue = true
        let taken = b.take()
        #expect(taken.count == 2 && taken.bytes == [1, 2, 3] && taken.lengths == [2, 1] && taken.isPrologue)
        #expect(b.isEmpty && b.bytes.isEmpty && b.lengths.isEmpty && !b.isPrologue)
        #expect(b.channelNames == ["a", "b"] && b.receiveClockScale == 3)
        b.append(time: 9, receiveClock: 9, channel: 1, bytes: [7])
        #expect(b.count == 1 && b.bytes == [7] && b.channels == [1])
        // The taken batch is not changed by what the source appends afterwards.
        #expect(taken.count == 2 && taken.bytes == [1, 2, 3])
    }

    @Test func joiningBatchesKeepsEachEntrysChannel() {
        // An empty batch takes the first table; a later batch that names one more extends it.
        var joined = DeviceNotifications()
        joined.append(contentsOf: Self.batch(["a"], [(0, [1])]))
        joined.append(contentsOf: Self.batch(["a", "b"], [(1, [2]), (0, [3])], from: 1))
        #expect(joined.channelNames == ["a", "b"] && joined.channels == [0, 1, 0])
        // A batch of an earlier, shorter table keeps its indices.
        joined.append(contentsOf: Self.batch(["a"], [(0, [4])], from: 3))
        #expect(joined.channelNames == ["a", "b"] && joined.channels == [0, 1, 0, 0])
        // A batch naming its channels in another order is mapped onto this table.
        joined.append(contentsOf: Self.batch(["c", "b"], [(0, [5]), (1, [6])], from: 4))
        #expect(joined.channelNames == ["a", "b", "c"] && joined.channels == [0, 1, 0, 0, 2, 1])
        #expect(joined.bytes == [1, 2, 3, 4, 5, 6] && joined.times == [0, 1, 2, 3, 4, 5])
        #expect(joined.entries.map(\.channel) == ["a", "b", "a", "a", "c", "b"])
    }
}
