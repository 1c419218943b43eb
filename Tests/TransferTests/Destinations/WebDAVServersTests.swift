import Foundation
import Storage
import TestSupport
import Testing
import Transfer

/// The same upload cases against every real WebDAV server a lab may run (``InteropServer``): wsgidav
/// and Apache honour `If-None-Match: *`, nginx and rclone ignore it and would replace a file. On
/// each, every item arrives over one connection, a second run sends nothing, and a name already
/// taken on the server is never overwritten: not by another device's file, nor by a data folder
/// restored from a backup that re-uses a name with different content.
@Suite(.tags(.server), .enabled(if: InteropServer.allInstalled && Executables.available(["openssl"], python: true)))
struct WebDAVServersTests {
    /// The file name of `item` on its own.
    static func name(_ item: CatalogItem) -> String { (item.path as NSString).lastPathComponent }

    @Test(arguments: InteropServer.allCases)
    func everyItemArrivesOverOneConnection(server kind: InteropServer) async throws {
        let server = try kind.start()
        let f = try UploadFixture()
        let other = UUID().uuidString
        var items = try (1...3).map { try f.addRecording(run: $0, bytes: 60_000) }
        items += [try f.addRecording(run: 1, bytes: 60_000, participant: other)]
        // The participant's folder exists already (an earlier session).
        try server.place(Data("earlier".utf8), at: "\(f.participant)/earlier.txt")
        let report = try await f.uploader(f.configuration(url: server.baseURL), server: nil, password: server.password).run()
        #expect(report.sent.count == 4 && report.failed.isEmpty && report.remaining == 0, "\(report.failed)")
        for (item, bytes) in items {
            let stored = try f.item(item.id)
            #expect(stored.state == .transmitted)
            let remote = try #require(stored.remoteName)
            if kind == .nginx {
                // nginx ignores the condition and the upload-only account may not PROPFIND: the name is made from the content.
                let digest = try SHA256.hex(ofFile: f.store.url(of: item.path)).prefix(12)
                #expect(remote == "\(item.participant)/\(Self.name(item).replacingOccurrences(of: ".h5", with: ".\(digest).h5"))")
            } else {
                #expect(remote == "\(item.participant)/\(Self.name(item))")
            }
            #expect(try Data(contentsOf: server.root.appendingPathComponent(remote)) == bytes)
        }
        #expect(try server.storedFiles().count == 5)
        // Two MKCOLs, the probe's two PUTs, four PUTs and their four manifests' (and nginx's one refused PROPFIND), all logged.
        if let requests = try InteropServer.requests(server, atLeast: kind == .nginx ? 13 : 12) {
            // The probe (one or two PUTs of the scratch file) shares the run's one connection.
            #expect(requests.contains { $0.isProbe })
            #expect(Set(requests.map(\.remotePort)).count == 1, "\(requests.map { "\($0.method) \($0.path) \($0.remotePort ?? "?")" })")
            #expect(requests.filter { $0.method == "PUT" }.allSatisfy { $0.ifNoneMatch == "*" })
            // Each item is one PUT; on nginx the upload-only account is refused PROPFIND once, then not asked again.
            #expect(requests.filter { $0.method == "PUT" && !$0.isProbe && !$0.isManifest }.count == 4)
            #expect(requests.filter { $0.method == "PUT" && $0.isManifest }.count == 4)
            #expect(requests.filter { $0.method == "PROPFIND" }.map(\.status) == (kind == .nginx ? [403] : []))
        }
    }

    @Test(arguments: InteropServer.allCases)
    func aSecondRunSendsNothingAndALaterItemJoinsTheFolder(server kind: InteropServer) async throws {
        let server = try kind.start()
        let f = try UploadFixture()
        let (first, firstBytes) = try f.addRecording(run: 1)
        let configuration = f.configuration(url: server.baseURL)
        let sent = try await f.uploader(configuration, server: nil, password: server.password).run()
        #expect(sent.sent.count == 1, "\(sent.failed)")
        // MKCOL, the probe's two PUTs, the item's PUT (on nginx after a refused PROPFIND) and its manifest's, all logged.
        let before = try InteropServer.requests(server, atLeast: kind == .nginx ? 6 : 5)?.count
        let again = try await f.uploader(configuration, server: nil, password: server.password).run()
        #expect(again.sent.isEmpty && again.failed.isEmpty && again.remaining == 0)
        // Nothing due: no request at all, not even the probe.
        #expect(try InteropServer.requests(server)?.count == before)
        let (later, laterBytes) = try f.addRecording(run: 2)
        let third = try await f.uploader(configuration, server: nil, password: server.password).run()
        #expect(third.sent.map(\.id) == [later.id], "\(third.failed)")
        for (item, bytes) in [(first, firstBytes), (later, laterBytes)] {
            let remote = try #require(try f.item(item.id).remoteName)
            #expect(try Data(contentsOf: server.root.appendingPathComponent(remote)) == bytes)
        }
        #expect(try server.storedFiles().count == 2)
    }

    @Test(arguments: InteropServer.allCases)
    func aTakenNameIsNeverOverwritten(server kind: InteropServer) async throws {
        // An account that may look (PROPFIND) where the server allows it, so that nginx checks names too.
        let server = try kind.start(uploaderRights: "upload+list")
        let f = try UploadFixture()
        let (item, bytes) = try f.addRecording()
        let name = Self.name(item)
        try server.place(Data("someone else's".utf8), at: "\(f.participant)/\(name)")
        let report = try await f.uploader(f.configuration(url: server.baseURL), server: nil, password: server.password).run()
        let remote = try #require(report.sent.first?.remote, "\(report.failed)")
        #expect(remote != "\(f.participant)/\(name)")
        #expect(remote.hasPrefix("\(f.participant)/r_rest_1_1_1_\(f.participant).") && remote.hasSuffix(".h5"))
        #expect(try Data(contentsOf: server.root.appendingPathComponent("\(f.participant)/\(name)")) == Data("someone else's".utf8))
        #expect(try Data(contentsOf: server.root.appendingPathComponent(remote)) == bytes)
    }

    @Test(arguments: InteropServer.allCases)
    func aDataFolderRestoredFromABackupDoesNotReplaceTheFirstDevicesRecording(server kind: InteropServer) async throws {
        let server = try kind.start()
        let first = try UploadFixture()
        let (original, originalBytes) = try first.addRecording()
        let sent = try await first.uploader(first.configuration(url: server.baseURL), server: nil, password: server.password).run()
        #expect(sent.sent.count == 1, "\(sent.failed)")
        // A second device (or the folder restored from a backup) records under the same name with other content.
        let second = try UploadFixture()
        let (copy, copyBytes) = try second.addRecording(participant: first.participant)
        #expect(Self.name(copy) == Self.name(original))
        let report = try await second.uploader(second.configuration(url: server.baseURL), server: nil, password: server.password).run()
        #expect(report.sent.count == 1, "\(report.failed)")
        let firstRemote = try #require(try first.item(original.id).remoteName)
        let secondRemote = try #require(try second.item(copy.id).remoteName)
        #expect(firstRemote != secondRemote)
        #expect(try Data(contentsOf: server.root.appendingPathComponent(firstRemote)) == originalBytes)
        #expect(try Data(contentsOf: server.root.appendingPathComponent(secondRemote)) == copyBytes)
        #expect(try server.storedFiles().count == 2)
    }
}
