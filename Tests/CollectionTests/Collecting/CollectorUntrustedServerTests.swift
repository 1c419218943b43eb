import Collection
import Foundation
import Storage
import Study
import TestSupport
import Testing
import Transfer

/// The collector against a server it does not control (`HostileWebDAVServer`, a real HTTP server on
/// loopback): every name is checked before use, downloads and listings are bounded, a failed request
/// is that item's alone, and leftovers of interrupted uploads are named rather than waited for. Each
/// test plays one attack beside a participant's valid items and checks that those are still
/// collected. The whole command with a real participant's recordings is `CollectUntrustedServerTests`.
@Suite(.tags(.server), .enabled(if: Executables.available([], python: true)))
struct CollectorUntrustedServerTests {
    /// A server holding `count` valid trial tables (with manifests) of one participant; their keys.
    static func serverWithTables(_ count: Int = 3, participant: String = UUID().uuidString) throws -> (HostileWebDAVServer, String, [String]) {
        let server = try HostileWebDAVServer()
        var keys: [String] = []
        for run in 1...count {
            let name = "t_reaction_1_2_\(run)_\(participant).json"
            try CollectorFolderTests.place(Data("{\"run\":\(run),\"pad\":\"\(String(repeating: "x", count: 4000))\"}".utf8), name: name, participant: participant, in: server.root, kind: .trials)
            keys.append("\(participant)/\(name)")
        }
        return (server, participant, keys)
    }

    /// A manifest (plain JSON) for `data` uploaded as `name` by `participant`.
    static func manifest(for data: Data, name: String, participant: String) throws -> Data {
        var digest = SHA256()
        digest.update(data)
        let item = CatalogItem(
            kind: .trials, path: "\(participant)/\(name)", participant: participant, study: "reaction-time", title: "reaction", day: 1, session: 2,
            run: 1, size: Int64(data.count), sha256: digest.finalizeHex(), state: .transmitted)
        return try UploadManifest(item: item, uploaded: .init(name: name, size: item.size, sha256: item.sha256 ?? "", encrypted: false)).encoded()
    }

    static func collector(_ server: HostileWebDAVServer, out: URL, stall: Double = 60, limits: (inout CollectionLimits) -> Void = { _ in }) throws
        -> Collector
    {
        let source = CollectionSource.webdav(
            base: server.baseURL, credentials: nil, connection: ConnectionSettings(connectTimeout: 2, stallTimeout: stall))
        var collector = Collector(source: source, study: try CollectorFolderTests.study(), out: out)
        limits(&collector.limits)
        return collector
    }

    /// Every path below `folder`, for checking that nothing appeared outside a dataset.
    static func tree(_ folder: URL) -> Set<String> {
        Set(FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
    }

    @Test func namesThatArePathsOrHoldControlCharactersAreProblemsNeverFiles() async throws {
        let (server, p, keys) = try Self.serverWithTables()
        let dir = try TemporaryDirectory("collect-names")
        let out = dir.path("dataset")
        // Each attack with a manifest beside it, so that only its name can keep it out.
        let hostile = [
            "../../../../pwned_\(p).json", "t_reaction_1_2_9_\(p).json/../../../../pwned.json", "t_x\n_1_2_9_\(p).json",
            "t_x\u{1B}[2J_1_2_9_\(p).json", "t_x\r\t_1_2_9_\(p).json", "t_x\u{0}_1_2_9_\(p).json", "t_\(String(repeating: "a", count: 5000))_\(p).json",
            "t_reaction_1_2_9_\(UUID().uuidString).json", "t_reaction_1_2_9_\(p).json\u{202E}nosj", "..", "%2e%2e",
        ]
        var extra: [HostileWebDAVServer.Extra] = []
        for name in hostile {
            let data = Data("{\"attack\":true}".utf8)
            extra.append(.init(folder: p, name: name, data: data))
            extra.append(.init(folder: p, name: name + UploadManifest.suffix, data: try Self.manifest(for: data, name: name, participant: p)))
        }
        // A folder that is no participant's, and one whose name is a path.
        extra.append(.init(folder: "announcements", name: "t_a_1_1_1_\(p).json", data: Data()))
        try FileManager.default.createDirectory(at: server.root.appendingPathComponent("announcements"), withIntermediateDirectories: true)
        try server.play(.init(extra: extra))
        let before = Self.tree(dir.url)
        let report = try await Self.collector(server, out: out).run()
        #expect(report.collected.sorted() == keys, "\(report)")
        // Nothing outside the dataset; nothing from an attack inside it either.
        let after = Self.tree(dir.url)
        #expect(after.subtracting(before).allSatisfy { $0 == "dataset" || $0.hasPrefix("dataset/") }, "\(after.subtracting(before))")
        let mirror = Self.tree(out.appendingPathComponent(".collect"))
        #expect(!mirror.contains { $0.contains("pwned") || $0.contains("attack") || $0.contains("aaaaaaaa") }, "\(mirror)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.deletingLastPathComponent().appendingPathComponent("pwned_\(p).json").path))
        // Each name one problem (with its manifest's name), shown escaped and short; the folder that is
        // no participant's one more.
        let named = report.problems.filter { $0.reason == .name }
        #expect(named.count >= hostile.count - 2 + 1, "\(named)")
        for problem in report.problems {
            let text = problem.remote + problem.detail
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{202E}" }, "\(text)")
            #expect(problem.remote.count <= 170, "\(problem.remote.count)")
        }
        #expect(report.problems.contains { $0.remote == "announcements/" && $0.reason == .name })
        #expect(report.problems.contains { $0.remote.contains("\\n") })
    }

    @Test func aDownloadStopsAtItsManifestsSizeAndTheRestIsCollected() async throws {
        let (server, p, keys) = try Self.serverWithTables()
        let endless = keys[0]
        try server.play(.init(get: [endless: .endless]))
        let dir = try TemporaryDirectory("collect-endless")
        let out = dir.path("dataset")
        let started = Date()
        let report = try await Self.collector(server, out: out).run()
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(report.collected.sorted() == Array(keys.dropFirst()), "\(report)")
        let problem = try #require(report.problems.first { $0.remote == endless })
        #expect(problem.reason == .server, "\(problem)")
        // Nothing of the endless answer is kept: not the file, not a partial one.
        let files = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { $0.contains(p) }
        var bytes = 0
        for file in files { bytes += ((try? FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(file).path))?[.size] as? Int) ?? 0 }
        #expect(bytes < 64 << 10, "\(bytes) bytes in \(files)")
        // A listed size that disagrees with the manifest is refused before anything is fetched.
        let liar = "t_reaction_1_2_7_\(p).json"
        let data = Data("{}".utf8)
        try server.play(
            .init(extra: [
                .init(folder: p, name: liar, data: data, listedSize: 10 << 30),
                .init(folder: p, name: liar + UploadManifest.suffix, data: try Self.manifest(for: data, name: liar, participant: p)),
            ]))
        let again = try await Self.collector(server, out: out).run()
        #expect(again.problems.first { $0.remote == "\(p)/\(liar)" }?.reason == .server, "\(again.problems)")
    }

    @Test func listingsWithoutEndAreCutByBytesAndTime() async throws {
        let (server, _, keys) = try Self.serverWithTables()
        let dir = try TemporaryDirectory("collect-listing")
        // The study's own listing without end: the run stops at the byte bound, at once.
        try server.play(.init(listing: ["": .endless]))
        var started = Date()
        await #expect(throws: CollectionError.self) {
            try await Self.collector(server, out: dir.path("a")) { $0.listingBytes = 1 << 20 }.run()
        }
        #expect(Date().timeIntervalSince(started) < 20)
        // A participant folder's listing without end, and one trickling just above the low-speed
        // limit: the first is a problem, the second deferred at the time bound; the third folder's
        // items are collected.
        let endless = UUID().uuidString, trickle = UUID().uuidString
        for folder in [endless, trickle] {
            try FileManager.default.createDirectory(at: server.root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try server.play(.init(listing: [endless: .endless, trickle: .trickle]))
        started = Date()
        let report = try await Self.collector(server, out: dir.path("b")) {
            $0.listingBytes = 1 << 20
            $0.listingSeconds = 3
        }.run()
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(report.collected.sorted() == keys, "\(report)")
        #expect(report.problems.map(\.remote) == [endless + "/"] && report.problems.first?.reason == .server, "\(report.problems)")
        #expect(report.deferred.map(\.remote) == [trickle + "/"], "\(report.deferred)")
    }

    @Test func aStalledOrRedirectedItemIsThatItemsAloneAndAStalledOneIsTriedAgain() async throws {
        let (server, _, keys) = try Self.serverWithTables(4)
        try server.play(.init(get: [keys[1]: .stall, keys[2]: .redirect]))
        let dir = try TemporaryDirectory("collect-stall")
        let out = dir.path("dataset")
        let report = try await Self.collector(server, out: out, stall: 1).run()
        #expect(report.collected.sorted() == [keys[0], keys[3]], "\(report)")
        #expect(report.deferred.map(\.remote) == [keys[1]], "\(report.deferred)")
        #expect(report.deferred.first?.reason == .transfer)
        #expect(report.problems.map(\.remote) == [keys[2]] && report.problems.first?.reason == .server, "\(report.problems)")
        #expect(report.problems.first?.detail.contains("redirect") == true)
        // The server well again: the deferred item comes; the redirected one is looked at again too
        // (its problem was the server's answer, not the item's).
        try server.play(.init())
        let again = try await Self.collector(server, out: out).run()
        #expect(again.collected.sorted() == [keys[1], keys[2]], "\(again)")
        #expect(again.deferred.isEmpty && again.problems.isEmpty, "\(again)")
    }

    @Test func aServerThatDiesPartWayDefersTheRestAndTheNextRunCompletes() async throws {
        let (server, _, keys) = try Self.serverWithTables(8)
        // Each item is two GETs (manifest, file): the server dies during the third item.
        try server.play(.init(dieAfterGets: 5))
        let dir = try TemporaryDirectory("collect-dies")
        let out = dir.path("dataset")
        var collector = try Self.collector(server, out: out)
        collector.connections = 1
        let report = try await collector.run()
        #expect(report.collected.count == 2, "\(report)")
        #expect(report.deferred.count == keys.count - 2, "\(report.deferred)")
        #expect(report.problems.isEmpty)
        try server.play(.init())
        try server.start()
        let again = try await Self.collector(server, out: out).run()
        #expect((report.collected + again.collected).sorted() == keys, "\(again)")
        #expect(again.deferred.isEmpty && again.problems.isEmpty)
    }

    @Test func aKilledUploadsLeftoverIsNamedOnceAndAChangedItemIsChanged() async throws {
        let (server, p, keys) = try Self.serverWithTables(2)
        // An upload killed mid-PUT: the first name holds a truncated copy without a manifest; the
        // whole item went under its alternative name, manifest and all.
        let first = "t_reaction_1_2_5_\(p).json", second = "t_reaction_1_2_5_\(p).1a2b3c4d.json"
        let whole = Data("{\"run\":5}".utf8)
        try whole.prefix(4).write(to: server.root.appendingPathComponent("\(p)/\(first)"))
        try CollectorFolderTests.place(whole, name: second, participant: p, in: server.root, kind: .trials)
        // And a file that waited three weeks for its manifest.
        let old = "t_reaction_1_2_6_\(p).json"
        try server.play(.init(extra: [.init(folder: p, name: old, data: Data("{".utf8), age: 21 * 24 * 3600)]))
        let dir = try TemporaryDirectory("collect-leftover")
        let out = dir.path("dataset")
        let report = try await Self.collector(server, out: out).run()
        #expect(report.collected.sorted() == (keys + ["\(p)/\(second)"]).sorted(), "\(report)")
        #expect(report.waiting.isEmpty, "\(report.waiting)")
        #expect(report.leftovers.sorted() == ["\(p)/\(first)", "\(p)/\(old)"] && report.newLeftovers == report.leftovers, "\(report)")
        let again = try await Self.collector(server, out: out).run()
        #expect(again.leftovers.count == 2 && again.newLeftovers.isEmpty)
        // A collected item whose bytes change on the server under the same manifest: `changed`.
        let file = server.root.appendingPathComponent(keys[0])
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 2] ^= 1
        try bytes.write(to: file)
        let third = try await Self.collector(server, out: out).run()
        #expect(third.problems.map(\.reason) == [.changed], "\(third.problems)")
    }
}
