import Foundation
import Storage
import TestSupport
import Testing
import Transfer

/// A refusal of the account or the URL (HTTP 401; 403 or 405 to PUT or MKCOL) is a configuration
/// problem a person must fix: the run reports it (the CLI exits 78), the items stay pending without
/// a backoff, and once it is fixed the next run sends at once. On a real nginx: the read-only account
/// is answered 403, a location served without DAV methods 405.
@Suite(.tags(.server), .enabled(if: (ProjectPaths.isCI || NginxWebDAVServer.isInstalled) && Executables.available([], python: true)))
struct ServerRefusalTests {
    static let server = Result { try NginxWebDAVServer() }

    /// A configuration with a backoff long enough that an item waiting for it could not be sent by the next run.
    static func configuration(url: String) -> TransferConfiguration {
        TransferConfiguration(
            webdav: WebDAVSettings(url: url, connection: ConnectionSettings(connectTimeout: 3, stallTimeout: 3)),
            backoff: BackoffPolicy(initial: 3600, maximum: 3600))
    }

    @Test func aForbiddenAccountIsAConfigurationProblemWithoutBackoffAndTheFixedAccountSendsAtOnce() async throws {
        let server = try Self.server.get()
        let f = try UploadFixture()
        let items = try (1...2).map { try f.addRecording(run: $0) }
        let configuration = Self.configuration(url: server.baseURL)
        let refused = try await f.uploader(configuration, server: nil, user: "reader", password: server.password).run()
        #expect(refused.sent.isEmpty && refused.failed.count == 2, "\(refused)")
        #expect(refused.configurationProblem?.contains("HTTP 403") == true, "\(String(describing: refused.configurationProblem))")
        #expect(refused.failed.allSatisfy { $0.error?.contains("403") == true && $0.nextAttempt == nil })
        for (item, _) in items {
            let stored = try f.item(item.id)
            #expect(stored.state == .pending && stored.attempts == 0 && stored.nextAttempt == nil)
        }
        #expect(refused.waiting == 0 && refused.nextAttempt == nil)
        // Fixed: the next run (no --now) sends at once.
        let fixed = try await f.uploader(configuration, server: nil, password: server.password).run()
        #expect(fixed.sent.count == 2 && fixed.configurationProblem == nil, "\(fixed.failed)")
    }

    @Test func aLocationWithoutWriteMethodsIsAConfigurationProblem() async throws {
        let server = try Self.server.get()
        let f = try UploadFixture()
        let (item, _) = try f.addRecording()
        let report = try await f.uploader(Self.configuration(url: server.baseURL + "readonly/"), server: nil, password: server.password).run()
        #expect(report.sent.isEmpty && report.failed.count == 1)
        #expect(report.configurationProblem?.contains("HTTP 405") == true, "\(String(describing: report.configurationProblem))")
        #expect(try f.item(item.id).nextAttempt == nil)
    }

    @Test func aFailureThatWaitingCanFixStartsABackoffAndTheReportSaysUntilWhen() async throws {
        let f = try UploadFixture()
        let (item, _) = try f.addRecording()
        // Nothing listens on the port: unreachable, a reason to wait.
        let down = Self.configuration(url: "http://127.0.0.1:\(try FreePort.loopback())/")
        let failed = try await f.uploader(down, server: nil, password: "unused").run()
        #expect(failed.configurationProblem == nil && failed.failed.count == 1)
        let waiting = try await f.uploader(down, server: nil, password: "unused").run()
        #expect(waiting.failed.isEmpty && waiting.remaining == 1 && waiting.waiting == 1)
        #expect(waiting.nextAttempt == (try f.item(item.id).nextAttempt).map { UTCTimestamp.iso8601($0) })
    }
}
