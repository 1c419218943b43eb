import Foundation
import Storage
import TestSupport
import Testing
import Transfer

/// One connection for a whole run: every MKCOL, PUT and PROPFIND of a run arrives over the same TCP
/// connection (the server logs the client's port), over http and over https, and a connection the
/// server closes is replaced without losing an item. The counts are exact; a wrong one prints how
/// each connection ended (``WebDAVTestServer/connectionEnds()``), which says which side closed it
/// (docs/performance.md, "Counting connections in the WebDAV tests").
@Suite(.tags(.server), .enabled(if: Executables.available(["openssl"], python: true)))
struct WebDAVDestinationTests {
    @Test(arguments: [false, true])
    func allRequestsOfARunShareOneConnection(tls: Bool) async throws {
        let server = try WebDAVTestServer(tls: tls, uploaderRights: "upload+list")
        let f = try UploadFixture()
        let other = UUID().uuidString
        var items = try (1...4).map { try f.addRecording(run: $0, bytes: 50_000) }
        items += try (1...2).map { try f.addRecording(run: $0, bytes: 50_000, participant: other) }
        // A name already taken on the server: the run asks PROPFIND for its size (and then PUTs elsewhere).
        let taken = server.root.appendingPathComponent(f.participant)
        try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: true)
        try Data("someone else's".utf8).write(to: taken.appendingPathComponent((items[0].0.path as NSString).lastPathComponent))
        let configuration = f.configuration(
            url: server.baseURL, connection: ConnectionSettings(caFile: server.certificate?.certificate.path, connectTimeout: 3, stallTimeout: 3),
            canList: true)
        let report = try await f.uploader(configuration, server: server).run()
        #expect(report.sent.count == 6, "\(report.failed)")
        for (item, bytes) in items {
            #expect(try Data(contentsOf: server.root.appendingPathComponent(try #require(try f.item(item.id).remoteName))) == bytes)
        }
        let requests = try server.requests()
        #expect(Set(requests.map(\.method)) == ["MKCOL", "PUT", "PROPFIND"])
        #expect(requests.count >= 2 + 6 + 2)
        // One connection for the run (one per request would make this 10).
        let connections = Set(requests.map(\.remotePort)).count
        #expect(connections == 1, "\(requests.map { "\($0.method) \($0.remotePort ?? "?")" }) ended: \(server.connectionEnds())")
        // The next run opens its own connection (the previous one was closed when the run finished).
        try f.addRecording(run: 9, bytes: 1000)
        _ = try await f.uploader(configuration, server: server).run()
        #expect(Set(try server.requests().map(\.remotePort)).count == connections + 1)
    }

    @Test func aConnectionTheServerClosesIsReplacedAndEveryItemArrives() async throws {
        let server = try WebDAVTestServer(closeAfter: 2)
        let f = try UploadFixture()
        let items = try (1...5).map { try f.addRecording(run: $0, bytes: 80_000) }
        let report = try await f.uploader(f.configuration(url: server.baseURL), server: server).run()
        #expect(report.sent.count == 5, "\(report.failed)")
        for (item, bytes) in items {
            #expect(try Data(contentsOf: server.root.appendingPathComponent(try #require(try f.item(item.id).remoteName))) == bytes)
        }
        // MKCOL, the probe's two PUTs (the file is new, then 412) and 5 PUTs, each with its manifest's
        // PUT after it, two answers per connection.
        let requests = try server.requests()
        let ports = requests.map(\.remotePort)
        #expect(ports.count == 13 && requests.filter(\.isProbe).map(\.status) == [201, 412])
        #expect(requests.filter(\.isManifest).count == 5)
        // Seven connections: MKCOL and the probe's first PUT, its second and the first item, then two PUTs on each of the next five.
        #expect(Set(ports).count == 7, "\(ports) ended: \(server.connectionEnds())")
    }
}
