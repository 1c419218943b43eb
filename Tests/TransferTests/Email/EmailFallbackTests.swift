import Foundation
import Storage
import TestSupport
import Testing
import Transfer

@Suite(.tags(.process, .server), .enabled(if: Executables.available(["gpg", "gpgconf", "openssl"], python: true)))
struct EmailFallbackTests {
    /// A WebDAV URL where nothing listens: the upload always fails.
    static func deadWebDAV() throws -> String { "http://127.0.0.1:\(try FreePort.loopback())/" }

    @Test func whenWebDAVFailsEncryptedItemsAreMailedOverSTARTTLSWithAuthAndDecrypt() async throws {
        let smtp = try SMTPTestServer(tls: true, user: "device")
        let f = try UploadFixture()
        let gpg = try GPGTestHome()
        let fingerprint = try gpg.generateKey()
        let keyFile = f.folder.path("study.asc")
        try gpg.exportPublic(fingerprint, to: keyFile)
        defer { GPGTestHome.stopAgent(home: f.store.root.appendingPathComponent("private/gnupg")) }
        let items = try (1...2).map { try f.addRecording(run: $0, bytes: 120_000) }
        let email = EmailSettings(
            url: smtp.url, from: "device@example.invalid", to: ["study@example.invalid"], afterFailures: 1,
            connection: ConnectionSettings(caFile: smtp.certificate?.certificate.path, connectTimeout: 3, stallTimeout: 5))
        let configuration = f.configuration(
            url: try Self.deadWebDAV(),
            encryption: EncryptionSettings(policy: EncryptionPolicy(mode: .atRest, keyFile: keyFile.path, fingerprint: fingerprint)), email: email)
        let report = try await f.uploader(configuration, server: nil, smtp: Credentials(user: "device", password: smtp.password)).run()
        #expect(report.sent.count == 2, "\(report.failed)")
        #expect(report.sent.allSatisfy { $0.via == "email" })
        let attachments = try smtp.attachments()
        #expect(attachments.count == 2)
        for (item, bytes) in items {
            let stored = try f.item(item.id)
            #expect(stored.state == .transmitted && stored.transmittedVia == "email")
            let name = (stored.path as NSString).lastPathComponent
            #expect(name.hasSuffix(".h5.gpg"))
            let file = f.folder.path("mailed-\(name)")
            try #require(attachments[name]).write(to: file)
            #expect(try gpg.decrypt(file) == bytes)
        }
    }

    @Test func itemsAreSplitAcrossMailsUnderTheSizeLimit() async throws {
        let smtp = try SMTPTestServer()
        let f = try UploadFixture()
        let items = try (1...3).map { try f.addRecording(run: $0, bytes: 100_000) }
        let email = EmailSettings(
            url: smtp.url, from: "d@example.invalid", to: ["s@example.invalid"], maxMessageBytes: 300_000, afterFailures: 0, requireTLS: false)
        let configuration = f.configuration(url: try Self.deadWebDAV(), encryption: EncryptionSettings(allowPlaintextEmail: true), email: email)
        let report = try await f.uploader(configuration, server: nil).run()
        #expect(report.sent.count == 3)
        let messages = try smtp.messages()
        #expect(messages.count >= 2)
        for message in messages { #expect(try Data(contentsOf: message).count <= 300_000) }
        let attachments = try smtp.attachments()
        for (item, bytes) in items { #expect(attachments[(item.path as NSString).lastPathComponent] == bytes) }
    }

    @Test func plaintextIsNeverMailedUnlessTheStudyAllowsIt() async throws {
        let smtp = try SMTPTestServer()
        let f = try UploadFixture()
        let (item, _) = try f.addRecording()
        let email = EmailSettings(url: smtp.url, from: "d@example.invalid", to: ["s@example.invalid"], afterFailures: 0, requireTLS: false)
        let configuration = f.configuration(url: try Self.deadWebDAV(), email: email)
        let report = try await f.uploader(configuration, server: nil).run()
        #expect(report.sent.isEmpty)
        #expect(report.failed.first?.error?.contains("allowPlaintextEmail") == true)
        #expect(try f.item(item.id).state == .pending)
        #expect(try smtp.messages().isEmpty)
    }

    @Test func mailIsTheFallbackOnlyAfterTheConfiguredNumberOfWebDAVFailures() async throws {
        let smtp = try SMTPTestServer()
        let f = try UploadFixture()
        let (item, _) = try f.addRecording()
        let email = EmailSettings(url: smtp.url, from: "d@example.invalid", to: ["s@example.invalid"], afterFailures: 3, requireTLS: false)
        let configuration = f.configuration(url: try Self.deadWebDAV(), encryption: EncryptionSettings(allowPlaintextEmail: true), email: email)
        let uploader = try f.uploader(configuration, server: nil)
        _ = try await uploader.run()
        _ = try await uploader.run()
        #expect(try smtp.messages().isEmpty)
        #expect(try f.item(item.id).attempts == 2)
        let third = try await uploader.run()
        #expect(third.sent.first?.via == "email")
        #expect(try smtp.messages().count == 1)
    }

    @Test func aMailServerThatIsDownLeavesItemsPending() async throws {
        let f = try UploadFixture()
        let (item, _) = try f.addRecording()
        let email = EmailSettings(
            url: "smtp://127.0.0.1:\(try FreePort.loopback())", from: "d@example.invalid", to: ["s@example.invalid"], afterFailures: 0,
            requireTLS: false,
            connection: ConnectionSettings(connectTimeout: 2, stallTimeout: 2))
        let configuration = f.configuration(url: try Self.deadWebDAV(), encryption: EncryptionSettings(allowPlaintextEmail: true), email: email)
        let report = try await f.uploader(configuration, server: nil).run()
        #expect(report.sent.isEmpty)
        let stored = try f.item(item.id)
        #expect(stored.state == .pending && stored.attempts == 1)
        #expect(stored.lastError?.contains("e-mail") == true)
    }

    @Test func aMailRelayWithoutTLSIsRefusedWhenTLSIsRequired() async throws {
        let smtp = try SMTPTestServer()
        let f = try UploadFixture()
        let (item, _) = try f.addRecording()
        let email = EmailSettings(url: smtp.url, from: "d@example.invalid", to: ["s@example.invalid"], afterFailures: 0)
        let configuration = f.configuration(url: try Self.deadWebDAV(), encryption: EncryptionSettings(allowPlaintextEmail: true), email: email)
        let report = try await f.uploader(configuration, server: nil).run()
        #expect(report.sent.isEmpty)
        #expect(try f.item(item.id).state == .pending)
        #expect(try smtp.messages().isEmpty)
    }
}
