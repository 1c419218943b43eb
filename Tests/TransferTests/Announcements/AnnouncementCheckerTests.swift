import Foundation
import Storage
import TestSupport
import Testing
import Transfer

@Suite(.tags(.server), .enabled(if: Executables.available([], python: true)))
struct AnnouncementCheckerTests {
    static func message(_ title: String, locales: [String] = ["en", "de"]) -> Data {
        let entries = locales.map { #"{"locale": "\#($0)", "title": "\#(title) (\#($0))", "text": "Hello #patientName#, #possessivePatient# data"}"# }
        return Data(#"{"type": "info", "messages": [\#(entries.joined(separator: ","))]}"#.utf8)
    }

    func checker(_ server: WebDAVTestServer, _ store: DataStore) throws -> AnnouncementChecker {
        try AnnouncementChecker(
            store: store, settings: AnnouncementSettings(url: server.baseURL), credentials: Credentials(user: "reader", password: server.password))
    }

    @Test func globalAndParticipantMessagesAreBothShownEachWithItsOwnLastSeen() async throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("announce")
        let store = try DataStore(root: dir.path("data"))
        let participant = UUID().uuidString
        try Self.message("Global").write(to: server.root.appendingPathComponent("message.json"))
        try FileManager.default.createDirectory(at: server.root.appendingPathComponent(participant), withIntermediateDirectories: true)
        try Self.message("Personal").write(to: server.root.appendingPathComponent("\(participant)/message.json"))
        let checker = try checker(server, store)

        let first = try await checker.check(participant: participant, locale: "en-GB")
        #expect(first.warnings.isEmpty)
        #expect(first.announcements.map(\.title) == ["Personal (en)", "Global (en)"])
        #expect(first.announcements.allSatisfy { $0.isNew })
        // Placeholders come back as written: the Study layer fills them (AnnouncementRenderingTests).
        #expect(first.announcements[0].text == "Hello #patientName#, #possessivePatient# data")

        let second = try await checker.check(participant: participant, locale: "en")
        #expect(second.announcements.allSatisfy { !$0.isNew })
        #expect(try server.requests().filter { $0.method == "GET" }.suffix(2).allSatisfy { $0.status == 304 })

        // A newer global message does not hide the participant's, and only it is new.
        // Its modification time is set ahead instead of waiting for the clock: Last-Modified has whole seconds.
        let global = server.root.appendingPathComponent("message.json")
        let before = try #require(try FileManager.default.attributesOfItem(atPath: global.path)[.modificationDate] as? Date)
        try Self.message("Global v2").write(to: global)
        try FileManager.default.setAttributes([.modificationDate: before.addingTimeInterval(2)], ofItemAtPath: global.path)
        let third = try await checker.check(participant: participant, locale: "en")
        #expect(third.announcements.map(\.title) == ["Global v2 (en)", "Personal (en)"])
        #expect(third.announcements.map(\.isNew) == [true, false])
    }

    @Test func aMissingGlobalMessageDoesNotHideTheParticipantsOne() async throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("announce")
        let store = try DataStore(root: dir.path("data"))
        let participant = UUID().uuidString
        try FileManager.default.createDirectory(at: server.root.appendingPathComponent(participant), withIntermediateDirectories: true)
        try Self.message("Personal", locales: ["de", "fr"]).write(to: server.root.appendingPathComponent("\(participant)/message.json"))
        let result = try await checker(server, store).check(participant: participant, locale: "de-AT")
        #expect(result.announcements.map(\.title) == ["Personal (de)"])
        #expect(result.announcements.first?.locale == "de")
        #expect(result.warnings.isEmpty)
    }

    @Test func aMalformedMessageIsAWarningAndTheOtherStillArrives() async throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("announce")
        let store = try DataStore(root: dir.path("data"))
        let participant = UUID().uuidString
        try Data(#"{"messages": [{"locale": "en"}]}"#.utf8).write(to: server.root.appendingPathComponent("message.json"))
        try FileManager.default.createDirectory(at: server.root.appendingPathComponent(participant), withIntermediateDirectories: true)
        try Self.message("Personal").write(to: server.root.appendingPathComponent("\(participant)/message.json"))
        let result = try await checker(server, store).check(participant: participant, locale: "fr")
        #expect(result.announcements.map(\.title) == ["Personal (en)"])
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.contains("malformed") == true)
    }

    @Test func anUnreachableServerIsAWarning() async throws {
        let dir = try TemporaryDirectory("announce")
        let store = try DataStore(root: dir.path("data"))
        let checker = try AnnouncementChecker(
            store: store,
            settings: AnnouncementSettings(url: "http://127.0.0.1:\(try FreePort.loopback())/", connection: ConnectionSettings(connectTimeout: 2)),
            credentials: nil)
        let result = try await checker.check(participant: "P", locale: "en")
        #expect(result.announcements.isEmpty)
        #expect(result.warnings.count == 2)
    }
}
