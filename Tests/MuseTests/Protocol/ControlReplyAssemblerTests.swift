import Testing

@testable import Muse

struct ControlReplyAssemblerTests {
    static let deviceInfoJSON =
        #"{"ap":"headset","sp":"RevE","tp":"consumer","hw":"3.1","bn":27,"fw":"1.2.13","bl":"1.2.3","pv":1,"rc":0}"#
    static let statusJSON =
        #"{"hn":"Muse-1324","sn":"2031-TZRW-1324","ma":"00-55-da-b0-13-24","id":"x","bp":82,"ts":0,"ps":32,"rc":0}"#

    /// Frames `text` as the headband does: 20-byte notifications of a count and up to 19 bytes.
    static func notifications(_ text: String, chunk: Int = 19) -> [[UInt8]] {
        let bytes = Array(text.utf8)
        return stride(from: 0, to: bytes.count, by: chunk).map { start in
            let part = Array(bytes[start..<min(start + chunk, bytes.count)])
            return [UInt8(part.count)] + part + [UInt8](repeating: 0, count: 19 - part.count)
        }
    }

    @Test func decodesTheReferenceNotification() {
        var assembler = ControlReplyAssembler()
        let objects = assembler.append(hex("08 7B 22 72 63 22 3A 30 7D") + [UInt8](repeating: 0, count: 11))
        #expect(objects == [#"{"rc":0}"#])
        #expect(MuseControlReply(json: objects[0]) == .acknowledgement(resultCode: 0))
    }

    @Test func reassemblesAReplySplitOverNotifications() {
        var assembler = ControlReplyAssembler()
        let parts = Self.notifications(Self.deviceInfoJSON)
        #expect(parts.count > 3)
        var objects: [String] = []
        for (i, part) in parts.enumerated() {
            let out = assembler.append(part)
            if i < parts.count - 1 { #expect(out.isEmpty && assembler.hasPartialObject) }
            objects += out
        }
        #expect(objects == [Self.deviceInfoJSON])
        let info = MuseDeviceInfo(json: objects[0])
        #expect(
            info
                == MuseDeviceInfo(
                    firmwareVersion: "1.2.13", hardwareVersion: "3.1", buildNumber: 27, bootloaderVersion: "1.2.3",
                    boardRevision: "RevE", productType: "consumer", application: "headset", protocolVersion: 1,
                    resultCode: 0))
    }

    @Test func notificationEndingOneObjectAndStartingTheNextYieldsBoth() {
        var assembler = ControlReplyAssembler()
        // "…"rc":0}" then "{"rc":0}": one notification holds `"rc":0}{"r`, as in the muse-js test.
        let text = Self.statusJSON + #"{"rc":0}"#
        let parts = Self.notifications(text, chunk: 10)
        let boundary = parts.first { String(decoding: $0[1...], as: UTF8.self).contains(#"0}{"r"#) }
        #expect(boundary != nil)
        var objects: [String] = []
        for part in parts { objects += assembler.append(part) }
        #expect(objects == [Self.statusJSON, #"{"rc":0}"#])

        var exact = ControlReplyAssembler()
        #expect(exact.append(text: Array(#"{"a":1,"rc":0"#.utf8)).isEmpty)
        #expect(exact.append([10] + Array(#""rc":0}{"r"#.utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 0]) == [#"{"a":1,"rc":0"rc":0}"#])
        #expect(exact.hasPartialObject)
        #expect(exact.append(text: Array(#"c":1}"#.utf8)) == [#"{"rc":1}"#])
    }

    @Test func bracesInsideStringsAndEscapesDoNotEndTheObject() {
        var assembler = ControlReplyAssembler()
        let json = #"{"id":"a}\"}{b","n":{"x":1},"rc":0}"#
        var objects: [String] = []
        for part in Self.notifications(json, chunk: 3) { objects += assembler.append(part) }
        #expect(objects == [json])
        #expect(MuseControlReply(json: json) == .other(json))
    }

    @Test func statusRepliesAreReadLeniently() {
        let status = MuseStatus(json: Self.statusJSON)
        #expect(status?.headsetName == "Muse-1324")
        #expect(status?.serialNumber == "2031-TZRW-1324")
        #expect(status?.macAddress == "00-55-da-b0-13-24")
        #expect(status?.identifier == "x")
        #expect(status?.batteryPercent == 82)
        #expect(status?.ts == 0)
        #expect(status?.presetCode == 32)
        #expect(status?.preset == .p20)
        #expect(status?.resultCode == 0)
        if case .status(let classified)? = MuseControlReply(json: Self.statusJSON) {
            #expect(classified == status)
        } else {
            Issue.record("status not classified")
        }
        // Missing, extra and mistyped keys.
        let odd = MuseStatus(json: #"{"bp":"55","ps":2.5,"hn":7,"extra":[1,2],"rc":null}"#)
        #expect(odd == MuseStatus(headsetName: "7", batteryPercent: 55))
        #expect(MuseStatus(json: "{}") == MuseStatus())
        #expect(MuseStatus(json: "not json") == nil)
        #expect(MuseDeviceInfo(json: "[1,2]") == nil)
        #expect(MuseControlReply(json: "{") == nil)
    }

    @Test func countsLargerThanTheNotificationAreClamped() {
        var assembler = ControlReplyAssembler()
        let objects = assembler.append([200] + Array(#"{"rc":0}"#.utf8))
        #expect(objects == [#"{"rc":0}"#])
        #expect(assembler.clampedNotifications == 1)
        #expect(assembler.append([]).isEmpty)
        #expect(assembler.append([0]).isEmpty)
    }

    @Test func junkBetweenObjectsIsSkippedAndOversizedObjectsAreDropped() {
        var assembler = ControlReplyAssembler(maximumObjectLength: 64)
        #expect(assembler.append(text: Array("}}garbage\"{".utf8)).isEmpty)
        #expect(assembler.append(text: Array(#""rc":3}"#.utf8)) == [#"{"rc":3}"#])
        let huge = "{\"x\":\"" + String(repeating: "a", count: 10_000) + "\"}"
        #expect(assembler.append(text: Array(huge.utf8)).isEmpty)
        #expect(assembler.discardedObjects == 1)
        #expect(assembler.append(text: Array(#"{"rc":0}"#.utf8)) == [#"{"rc":0}"#])
        // An endless object never grows past the bound and a reset recovers.
        _ = assembler.append(text: [UInt8](repeating: UInt8(ascii: "{"), count: 100_000))
        #expect(assembler.hasPartialObject)
        assembler.reset()
        #expect(assembler.append(text: Array(#"{"rc":0}"#.utf8)) == [#"{"rc":0}"#])
    }
}
