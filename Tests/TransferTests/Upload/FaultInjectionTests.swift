import Foundation
import Storage
public import TestSupport
public import Testing
import Transfer

/// For every fault: nothing is lost, nothing is wrongly marked transmitted, and everything arrives once
/// the fault is gone.
@Suite(.tags(.server), .enabled(if: Executables.available(["openssl"], python: true)))
struct FaultInjectionTests {
    static let faults: [FaultProxy.Fault] = [
        .down, .status(401), .status(403), .status(409), .status(500), .status(507), .resetAfter(bytes: 150_000), .stall,
    ]

    @Test(arguments: faults)
    func aFaultKeepsItemsPendingAndTheyArriveOnceItIsGone(fault: FaultProxy.Fault) async throws {
        let server = try WebDAVTestServer()
        let proxy = try FaultProxy(upstreamPort: server.port)
        let f = try UploadFixture()
        let items = try (1...3).map { try f.addRecording(run: $0, bytes: 400_000) }
        let configuration = f.configuration(url: proxy.baseURL, connection: ConnectionSettings(connectTimeout: 2, stallTimeout: 2))
        try proxy.inject(fault)
        let failed = try await f.uploader(configuration, server: server).run()
        #expect(failed.sent.isEmpty)
        #expect(failed.failed.count == 3)
        #expect(failed.remaining == 3)
        // A refused account or right (401, 403) is fixed by a person, not by waiting: it starts no
        // backoff, so the run after the fix sends at once. Every other fault counts and waits.
        let refusal = [.status(401), .status(403)].contains(fault)
        for (item, _) in items {
            let stored = try f.item(item.id)
            #expect(stored.state == .pending)
            #expect(stored.attempts == (refusal ? 0 : 1))
            #expect(stored.lastError?.isEmpty == false)
            #expect((stored.nextAttempt == nil) == refusal)
            #expect(stored.transmittedAt == nil && stored.claimedBy == nil)
        }
        try proxy.inject(.none)
        let delivered = try await f.uploader(configuration, server: server).run()
        #expect(delivered.failed.isEmpty, "\(delivered.failed)")
        #expect(delivered.remaining == 0)
        for (item, bytes) in items {
            let stored = try f.item(item.id)
            #expect(stored.state == .transmitted)
            let remote = try #require(stored.remoteName)
            #expect(try Data(contentsOf: server.root.appendingPathComponent(remote)) == bytes)
        }
    }

    @Test func aWrongPasswordIs401AndTheFixedPasswordDelivers() async throws {
        let server = try WebDAVTestServer()
        let f = try UploadFixture()
        let (item, bytes) = try f.addRecording()
        let configuration = f.configuration(url: server.baseURL)
        let failed = try await f.uploader(configuration, server: server, password: "wrong").run()
        #expect(failed.failed.first?.error?.contains("401") == true)
        // Retrying cannot fix a wrong password: it is a configuration problem (the CLI exits 78).
        #expect(failed.configurationProblem?.contains("401") == true, "\(String(describing: failed.configurationProblem))")
        #expect(try f.item(item.id).state == .pending)
        _ = try await f.uploader(configuration, server: server).run()
        let stored = try f.item(item.id)
        #expect(stored.state == .transmitted)
        #expect(try Data(contentsOf: server.root.appendingPathComponent(try #require(stored.remoteName))) == bytes)
    }

    @Test func anUntrustedCertificateKeepsItemsPendingUntilTheCAIsConfigured() async throws {
        let server = try WebDAVTestServer(tls: true)
        let f = try UploadFixture()
        let (item, bytes) = try f.addRecording()
        let strict = f.configuration(url: server.baseURL)
        let failed = try await f.uploader(strict, server: server).run()
        #expect(failed.failed.first?.error?.contains("certificate") == true, "\(failed.failed)")
        #expect(try f.item(item.id).state == .pending)
        #expect(try server.storedFiles().isEmpty)
        let trusting = f.configuration(url: server.baseURL, connection: ConnectionSettings(caFile: server.certificate?.certificate.path))
        _ = try await f.uploader(trusting, server: server).run()
        let stored = try f.item(item.id)
        #expect(stored.state == .transmitted)
        #expect(try Data(contentsOf: server.root.appendingPathComponent(try #require(stored.remoteName))) == bytes)
    }

    @Test func backoffPostponesTheNextAttemptWithJitter() async throws {
        let f = try UploadFixture()
        let (item, _) = try f.addRecording()
        let port = try FreePort.loopback()
        var configuration = f.configuration(url: "http://127.0.0.1:\(port)/")
        configuration.backoff = BackoffPolicy(initial: 100, maximum: 1000)
        let clock = Date()
        let uploader = try Uploader(
            store: f.store, configuration: configuration, secrets: TransferSecrets(webdav: Credentials(user: "u", password: "p")),
            now: { clock }, jitter: { 1 })
        _ = try await uploader.run()
        #expect(abs(try #require(try f.item(item.id).nextAttempt).timeIntervalSince(clock) - 100) < 0.01)
        // Not due yet: a second run does not try it.
        let skipped = try await uploader.run()
        #expect(skipped.failed.isEmpty && skipped.remaining == 1)
        #expect(try f.item(item.id).attempts == 1)
        // Forced, it fails again and waits twice as long; with jitter 0, half of that.
        _ = try await uploader.run(UploadOptions(ignoreBackoff: true))
        #expect(try f.item(item.id).attempts == 2)
        #expect(abs(try #require(try f.item(item.id).nextAttempt).timeIntervalSince(clock) - 200) < 0.01)
        let halfJitter = try Uploader(
            store: f.store, configuration: configuration, secrets: TransferSecrets(webdav: Credentials(user: "u", password: "p")),
            now: { clock }, jitter: { 0 })
        _ = try await halfJitter.run(UploadOptions(ignoreBackoff: true))
        #expect(abs(try #require(try f.item(item.id).nextAttempt).timeIntervalSince(clock) - 200) < 0.01)
        #expect(BackoffPolicy(initial: 60, maximum: 3600).delay(afterFailures: 20, jitter: 1) == 3600)
        #expect(BackoffPolicy(initial: 60, maximum: 3600).delay(afterFailures: 1, jitter: 0) == 30)
    }
}

extension FaultProxy.Fault: CustomTestStringConvertible {
    /// How the fault is named in test results.
    public var testDescription: String {
        switch self {
        case .none: "none"
        case .down: "server down"
        case .status(let code): "HTTP \(code)"
        case .resetAfter(let bytes): "reset after \(bytes) bytes"
        case .stall: "stalled server"
        case .trickle(let ms): "trickling server (1 byte per \(ms) ms)"
        }
    }
}
