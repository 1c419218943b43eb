import Foundation
import TestSupport
import Testing
import Transfer

/// Reading a study's upload folder with the read account, as `collect` does: PROPFIND Depth 1 lists a
/// folder (names, sizes, ETags, subfolders) and GET streams a file to disk, resuming a partial one
/// with a Range (guarded by If-Range). Against the two servers a lab runs for this: wsgidav and Apache
/// mod_dav; each answers in its own words (Apache's weak ETags, 206 with its own headers).
@Suite(.tags(.server), .enabled(if: Executables.available([], python: true)))
struct WebDAVReadingTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case wsgidav, apache
        var testDescription: String { rawValue }
        func start() throws -> WebDAVTestShare {
            switch self {
            case .wsgidav: try WebDAVTestServer()
            case .apache: try ApacheWebDAVServer()
            }
        }
    }

    static func reader(_ server: WebDAVTestShare) throws -> WebDAVClient {
        try WebDAVClient(base: server.baseURL, credentials: Credentials(user: "reader", password: server.password), keepingConnection: true)
    }

    static func randomBytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    @Test(arguments: Kind.allCases)
    func aFolderListsItsFilesWithSizesAndETagsAndItsSubfolders(server kind: Kind) async throws {
        let server = try kind.start()
        try server.place(Data("hello".utf8), at: "P1/a.json")
        try server.place(Self.randomBytes(70_000), at: "P1/r_rest 1.h5.gpg")
        try server.place(Data("x".utf8), at: "P1/sub/inner.txt")
        let reader = try Self.reader(server)
        defer { reader.close() }
        let entries = try await reader.list(["P1"]).sorted { $0.name < $1.name }
        #expect(entries.map(\.name) == ["a.json", "r_rest 1.h5.gpg", "sub"])
        #expect(entries.map(\.isFolder) == [false, false, true])
        #expect(entries[0].size == 5 && entries[1].size == 70_000 && entries[2].size == nil)
        #expect(entries[0].etag != nil && entries[1].etag != nil && entries[0].etag != entries[1].etag)
        let root = try await reader.list([])
        #expect(root.contains { $0.name == "P1" && $0.isFolder })
        // A changed file has a new ETag.
        let before = entries[0].etag
        try server.place(Data("hello, again".utf8), at: "P1/a.json")
        let after = try await reader.list(["P1"]).first { $0.name == "a.json" }
        #expect(after?.size == 12 && after?.etag != before)
    }

    @Test(arguments: Kind.allCases)
    func theUploadOnlyAccountMayNotListAndAMissingFolderIs404(server kind: Kind) async throws {
        let server = try kind.start()
        try server.place(Data("hello".utf8), at: "P1/a.json")
        let uploader = try WebDAVClient(base: server.baseURL, credentials: Credentials(user: "uploader", password: server.password))
        await #expect {
            _ = try await uploader.list(["P1"])
        } throws: { error in
            [401, 403].contains((error as? TransferError)?.httpStatus ?? 0)
        }
        let reader = try Self.reader(server)
        defer { reader.close() }
        await #expect(throws: TransferError.http(status: 404, method: "PROPFIND", path: "/nobody/")) { try await reader.list(["nobody"]) }
    }

    @Test(arguments: Kind.allCases)
    func aFileIsStreamedToDiskAndAPartialOneResumesWithARange(server kind: Kind) async throws {
        let server = try kind.start()
        let dir = try TemporaryDirectory("dav-read")
        let bytes = Self.randomBytes(3_000_000)
        try server.place(bytes, at: "P1/big.h5.gpg")
        // Apache gives a file changed within the last second a weak ETag (W/"…"), and a range with a weak
        // If-Range brings the whole file (RFC 9110), rightly; an upload collected later is older.
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: server.root.appendingPathComponent("P1/big.h5.gpg").path)
        let reader = try Self.reader(server)
        defer { reader.close() }
        let etag = try await reader.list(["P1"]).first?.etag
        #expect(etag?.hasPrefix("W/") == false, "\(etag ?? "no ETag")")
        // Whole.
        let whole = try await reader.download(["P1", "big.h5.gpg"], to: dir.path("whole"), etag: etag)
        #expect(whole.size == 3_000_000 && whole.resumedFrom == 0)
        #expect(try Data(contentsOf: dir.path("whole")) == bytes)
        #expect(!FileManager.default.fileExists(atPath: dir.path("whole").path + ".partial"))
        // An interrupted download left the first megabyte: only the rest is fetched.
        try bytes.prefix(1_000_000).write(to: URL(fileURLWithPath: dir.path("resumed").path + ".partial"))
        let resumed = try await reader.download(["P1", "big.h5.gpg"], to: dir.path("resumed"), etag: etag)
        #expect(resumed.resumedFrom == 1_000_000 && resumed.size == 3_000_000)
        #expect(try Data(contentsOf: dir.path("resumed")) == bytes)
        if kind == .apache, let apache = server as? ApacheWebDAVServer {
            let gets = try apache.requests(atLeast: 3) { $0.method == "GET" }
            #expect(gets.compactMap(\.status) == [200, 206], "\(gets)")
        }
    }

    @Test(arguments: Kind.allCases)
    func aPartialOfAnOlderVersionIsReplacedNotSpliced(server kind: Kind) async throws {
        let server = try kind.start()
        let dir = try TemporaryDirectory("dav-read")
        let old = Self.randomBytes(500_000), new = Self.randomBytes(800_000)
        try server.place(old, at: "P1/f.bin")
        let reader = try Self.reader(server)
        defer { reader.close() }
        let oldTag = try #require(try await reader.list(["P1"]).first?.etag)
        try old.prefix(200_000).write(to: URL(fileURLWithPath: dir.path("f").path + ".partial"))
        // Replaced on the server meanwhile (a different size, so the ETag differs even within a second).
        try server.place(new, at: "P1/f.bin")
        let got = try await reader.download(["P1", "f.bin"], to: dir.path("f"), etag: oldTag)
        #expect(got.resumedFrom == 0 && got.size == 800_000)
        #expect(try Data(contentsOf: dir.path("f")) == new)
    }

    @Test(arguments: Kind.allCases)
    func aMissingFileIs404AndLeavesNoFile(server kind: Kind) async throws {
        let server = try kind.start()
        let dir = try TemporaryDirectory("dav-read")
        let reader = try Self.reader(server)
        defer { reader.close() }
        await #expect(throws: TransferError.http(status: 404, method: "GET", path: "/P1/none")) {
            try await reader.download(["P1", "none"], to: dir.path("none"))
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path("none").path))
    }
}
