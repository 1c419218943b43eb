import Foundation
import Storage
import TestSupport
import Testing
import Transfer

/// The WebDAV destination and the announcements against Apache httpd with mod_dav, the server a
/// lab's IT department runs, configured as its operator would (Basic authentication, an upload-only
/// account limited by `<Limit>`): the interop the wsgidav suites cannot prove, because Apache answers
/// in its own words (405 for an existing folder, 412 for `If-None-Match: *` on an existing file, 401
/// for a method the account may not use, its own keep-alive and ETags).
@Suite(.tags(.server), .enabled(if: (ProjectPaths.isCI || ApacheWebDAVServer.isInstalled) && Executables.available(["openssl"], python: true)))
struct ApacheWebDAVDestinationTests {
    /// One server over http and one over https for the whole suite (Apache takes about a second to
    /// start and to stop); each test works in folders of its own participants and reads only their
    /// requests from the shared log. The servers stop when the test process ends.
    static let plain = Result { try ApacheWebDAVServer() }
    static let secure = Result { try ApacheWebDAVServer(tls: true) }

    /// The requests under the folders of `participants` (and the share's root files `rootFiles`),
    /// once at least `count` are logged.
    static func requests(
        _ server: ApacheWebDAVServer, for participants: [String], rootFiles: [String] = [], atLeast count: Int = 0
    ) throws -> [WebDAVTestServer.Request] {
        try server.requests(atLeast: count) { r in
            participants.contains { r.path.hasPrefix("/\($0)/") } || rootFiles.contains { r.path == "/\($0)" }
        }
    }

    @Test(arguments: [false, true])
    func theUploadOnlyAccountDeliversEveryItemOverOneConnection(tls: Bool) async throws {
        let server = try (tls ? Self.secure : Self.plain).get()
        let f = try UploadFixture()
        let other = UUID().uuidString
        var items = try (1...4).map { try f.addRecording(run: $0, bytes: 60_000) }
        items += try (1...2).map { try f.addRecording(run: $0, bytes: 60_000, participant: other) }
        // The participant's folder exists already (an earlier session): Apache answers MKCOL with 405.
        try server.place(Data("earlier".utf8), at: "\(f.participant)/earlier.txt")
        let configuration = f.configuration(
            url: server.baseURL, connection: ConnectionSettings(caFile: server.certificate?.certificate.path, connectTimeout: 3, stallTimeout: 5))
        let report = try await f.uploader(configuration, server: nil, password: server.password).run()
        #expect(report.sent.count == 6, "\(report.failed)")
        #expect(report.failed.isEmpty && report.remaining == 0)
        for (item, bytes) in items {
            let stored = try f.item(item.id)
            #expect(stored.state == .transmitted)
            let remote = try #require(stored.remoteName)
            #expect(remote == "\(item.participant)/\((item.path as NSString).lastPathComponent)")
            #expect(try Data(contentsOf: server.root.appendingPathComponent(remote)) == bytes)
        }
        // Two MKCOLs, six items and their six manifests.
        let requests = try Self.requests(server, for: [f.participant, other], atLeast: 14)
        #expect(requests.filter { $0.method == "MKCOL" }.compactMap(\.status).sorted() == [201, 405])
        #expect(requests.filter { $0.method == "PUT" }.allSatisfy { $0.status == 201 && $0.ifNoneMatch == "*" && $0.user == "uploader" })
        #expect(requests.filter(\.isManifest).count == 6)
        #expect(requests.count == 14, "\(requests.map { "\($0.method) \($0.path) \($0.status ?? 0)" })")
        // One TCP (and TLS) connection for the whole run.
        #expect(Set(requests.map(\.remotePort)).count == 1, "\(requests.map { "\($0.method) \($0.remotePort ?? "?")" })")
    }

    @Test func aTakenNameIsNeverOverwrittenAndTheItemGoesUnderADistinctName() async throws {
        let server = try Self.plain.get()
        let f = try UploadFixture()
        let (item, bytes) = try f.addRecording()
        let name = (item.path as NSString).lastPathComponent
        try server.place(Data("someone else's".utf8), at: "\(f.participant)/\(name)")
        let report = try await f.uploader(f.configuration(url: server.baseURL), server: nil, password: server.password).run()
        let remote = try #require(report.sent.first?.remote, "\(report.failed)")
        #expect(remote.hasPrefix("\(f.participant)/r_rest_1_1_1_\(f.participant)."))
        #expect(remote.hasSuffix(".h5"))
        #expect(try Data(contentsOf: server.root.appendingPathComponent("\(f.participant)/\(name)")) == Data("someone else's".utf8))
        #expect(try Data(contentsOf: server.root.appendingPathComponent(remote)) == bytes)
        // The taken name (412), the item under its distinct name, then its manifest beside it.
        #expect(try Self.requests(server, for: [f.participant], atLeast: 4).filter { $0.method == "PUT" }.compactMap(\.status) == [412, 201, 201])
        #expect(try server.storedManifests().filter { $0.hasPrefix(f.participant) } == [remote + ".manifest.json"])
    }

    @Test func aWrongPasswordIsAConfigurationProblemAndLeavesItemsPendingIntact() async throws {
        let server = try Self.plain.get()
        let f = try UploadFixture()
        let (item, bytes) = try f.addRecording()
        let configuration = f.configuration(url: server.baseURL)
        let failed = try await f.uploader(configuration, server: nil, password: "wrong").run()
        #expect(failed.configurationProblem?.contains("401") == true, "\(failed.failed)")
        let pending = try f.item(item.id)
        #expect(pending.state == .pending && pending.sha256 == item.sha256)
        #expect(try Data(contentsOf: f.store.url(of: pending.path)) == bytes)
        #expect(server.errorLog().split(separator: "\n").contains { $0.contains("/\(f.participant)/") && $0.contains("Password Mismatch") })
        _ = try await f.uploader(configuration, server: nil, password: server.password).run()
        let stored = try f.item(item.id)
        #expect(stored.state == .transmitted)
        #expect(try Data(contentsOf: server.root.appendingPathComponent(try #require(stored.remoteName))) == bytes)
    }

    @Test func theAnnouncementsAccountMayNotUploadAndAnUntrustedCertificateIsRefused() async throws {
        let server = try Self.secure.get()
        let f = try UploadFixture()
        let (item, _) = try f.addRecording()
        // TLS verification is on by default: Apache's self-signed certificate is refused, nothing is sent.
        let strict = try await f.uploader(f.configuration(url: server.baseURL), server: nil, password: server.password).run()
        #expect(strict.failed.first?.error?.contains("certificate") == true, "\(strict.failed)")
        #expect(try Self.requests(server, for: [f.participant]).isEmpty)
        // The reader account is refused by Apache's <Limit> (401), and the item stays pending.
        let trusting = f.configuration(url: server.baseURL, connection: ConnectionSettings(caFile: server.certificate?.certificate.path))
        let refused = try await f.uploader(trusting, server: nil, user: "reader", password: server.password).run()
        #expect(refused.sent.isEmpty && refused.failed.count == 1, "\(refused)")
        #expect(try f.item(item.id).state == .pending)
        let refusals = try Self.requests(server, for: [f.participant], atLeast: 1)
        #expect(!refusals.isEmpty && refusals.allSatisfy { $0.status == 401 && $0.user == "reader" })
        #expect(server.errorLog().split(separator: "\n").contains { $0.contains("user reader: authorization failure for \"/\(f.participant)/") })
    }

    @Test func announcementsAreReadAndRevalidatedWithApachesETags() async throws {
        let server = try Self.plain.get()
        let dir = try TemporaryDirectory("announce")
        let store = try DataStore(root: dir.path("data"))
        let participant = UUID().uuidString
        try server.place(AnnouncementCheckerTests.message("Global"), at: "message.json")
        try server.place(AnnouncementCheckerTests.message("Personal"), at: "\(participant)/message.json")
        let checker = try AnnouncementChecker(
            store: store, settings: AnnouncementSettings(url: server.baseURL), credentials: Credentials(user: "reader", password: server.password))
        let first = try await checker.check(participant: participant, locale: "de-CH")
        #expect(first.warnings.isEmpty)
        #expect(first.announcements.map(\.title) == ["Personal (de)", "Global (de)"])
        #expect(first.announcements.allSatisfy { $0.isNew })
        let second = try await checker.check(participant: participant, locale: "de")
        #expect(second.announcements.allSatisfy { !$0.isNew })
        let gets = try Self.requests(server, for: [participant], rootFiles: ["message.json"], atLeast: 4).filter { $0.method == "GET" }
        #expect(gets.compactMap(\.status) == [200, 200, 304, 304], "\(gets)")
        // The client sends back the ETag exactly as Apache gave it: a weak one (`W/"…"`) for a file
        // changed within the last second, as these are.
        #expect(gets.suffix(2).allSatisfy { $0.ifNoneMatch?.contains("\"") == true }, "\(gets.map { $0.ifNoneMatch ?? "-" })")
    }
}
