import Foundation
import TestSupport
import Testing
import Transfer

@Suite(.tags(.server), .enabled(if: Executables.available([], python: true)))
struct WebDAVClientTests {
    @Test func folderCreationAcceptsAnExistingFolder() async throws {
        let server = try WebDAVTestServer()
        let client = try WebDAVClient(base: server.baseURL, credentials: Credentials(user: "uploader", password: server.password))
        #expect(try await client.makeFolder("P1") == .created)
        #expect(try await client.makeFolder("P1") == .existed)
    }

    @Test func uploadNeverOverwritesAnExistingFile() async throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("dav")
        let client = try WebDAVClient(base: server.baseURL, credentials: Credentials(user: "uploader", password: server.password))
        _ = try await client.makeFolder("P1")
        try Data("first".utf8).write(to: dir.path("a"))
        try Data("second".utf8).write(to: dir.path("b"))
        #expect(try await client.upload(file: dir.path("a"), to: ["P1", "x.h5"]) == .stored)
        #expect(try await client.upload(file: dir.path("b"), to: ["P1", "x.h5"]) == .exists)
        #expect(try Data(contentsOf: server.root.appendingPathComponent("P1/x.h5")) == Data("first".utf8))
        #expect(try server.requests().filter { $0.method == "PUT" }.allSatisfy { $0.ifNoneMatch == "*" })
    }

    @Test func anUploadFromMemorySendsTheBytesAndNeverOverwrites() async throws {
        // Every second answer closes the connection, so the kept client reconnects between bodies.
        let server = try WebDAVTestServer(closeAfter: 2)
        let client = try WebDAVClient(
            base: server.baseURL, credentials: Credentials(user: "uploader", password: server.password), keepingConnection: true)
        defer { client.close() }
        _ = try await client.makeFolder("P1")
        // 3 MiB: many read callbacks, and `Expect: 100-continue` (at 1 MiB and more) before the body.
        let large = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) })
        #expect(try await client.upload(Data("first".utf8), to: ["P1", "x.json"]) == .stored)
        #expect(try await client.upload(Data("second".utf8), to: ["P1", "x.json"]) == .exists)
        #expect(try await client.upload(large, to: ["P1", "large.bin"]) == .stored)
        #expect(try await client.upload(Data(), to: ["P1", "empty"]) == .stored)
        #expect(try Data(contentsOf: server.root.appendingPathComponent("P1/x.json")) == Data("first".utf8))
        #expect(try Data(contentsOf: server.root.appendingPathComponent("P1/large.bin")) == large)
        #expect(try Data(contentsOf: server.root.appendingPathComponent("P1/empty")).isEmpty)
        let puts = try server.requests().filter { $0.method == "PUT" }
        #expect(puts.count == 4 && puts.allSatisfy { $0.ifNoneMatch == "*" })
    }

    @Test func theUploadOnlyAccountCannotReadBackOrList() async throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("dav")
        let uploader = try WebDAVClient(base: server.baseURL, credentials: Credentials(user: "uploader", password: server.password))
        _ = try await uploader.makeFolder("P1")
        try Data("secret".utf8).write(to: dir.path("a"))
        _ = try await uploader.upload(file: dir.path("a"), to: ["P1", "a"])
        await #expect(throws: TransferError.http(status: 403, method: "GET", path: "/P1/a")) { try await uploader.fetch(["P1", "a"]) }
        #expect(try await uploader.size(of: ["P1", "a"]) == .notAllowed)
        let reader = try WebDAVClient(base: server.baseURL, credentials: Credentials(user: "reader", password: server.password))
        #expect(try await reader.size(of: ["P1", "a"]) == .size(6))
        #expect(try await reader.size(of: ["P1", "missing"]) == .missing)
    }

    @Test func wrongPasswordIs401() async throws {
        let server = try WebDAVTestServer()
        let client = try WebDAVClient(base: server.baseURL, credentials: Credentials(user: "uploader", password: "wrong"))
        await #expect(throws: TransferError.http(status: 401, method: "MKCOL", path: "/P1/")) { try await client.makeFolder("P1") }
    }

    @Test func conditionalFetchReportsUnchangedContent() async throws {
        let server = try WebDAVTestServer()
        try Data("{\"type\":\"x\"}".utf8).write(to: server.root.appendingPathComponent("message.json"))
        let reader = try WebDAVClient(base: server.baseURL, credentials: Credentials(user: "reader", password: server.password))
        guard case .content(let body, let validators) = try await reader.fetch(["message.json"]) else { Issue.record("no content"); return }
        #expect(body == Data("{\"type\":\"x\"}".utf8))
        #expect(validators.etag != nil || validators.lastModified != nil)
        #expect(try await reader.fetch(["message.json"], since: validators) == .notModified)
        #expect(try await reader.fetch(["nothing.json"]) == .missing)
    }

    @Test func credentialsInTheURLAreRefused() {
        #expect(throws: TransferError.self) { try WebDAVClient(base: "https://user:pw@dav.example.invalid/", credentials: nil) }
        #expect(throws: TransferError.self) { try WebDAVClient(base: "ftp://dav.example.invalid/", credentials: nil) }
    }

    @Test func aSelfSignedCertificateIsRefusedUnlessTrustedOrExplicitlyInsecure() async throws {
        let server = try WebDAVTestServer(tls: true)
        let creds = Credentials(user: "uploader", password: server.password)
        let strict = try WebDAVClient(base: server.baseURL, credentials: creds, connection: ConnectionSettings(connectTimeout: 3, stallTimeout: 3))
        do {
            _ = try await strict.makeFolder("P1")
            Issue.record("a self-signed certificate was accepted")
        } catch let error as TransferError where error.code == .network {
            #expect(error.curlCode == 60, "\(error)")
        }
        let trusting = try WebDAVClient(
            base: server.baseURL, credentials: creds, connection: ConnectionSettings(caFile: server.certificate?.certificate.path))
        #expect(try await trusting.makeFolder("P1") == .created)
        let insecure = try WebDAVClient(base: server.baseURL, credentials: creds, connection: ConnectionSettings(insecure: true))
        #expect(try await insecure.makeFolder("P1") == .existed)
    }
}
