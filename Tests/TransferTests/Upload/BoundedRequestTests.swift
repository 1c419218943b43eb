import Foundation
import Storage
import TestSupport
import Testing
import Transfer

/// Every request of an unattended run ends: a server that trickles its answer forever is cut off, a
/// cancelled run (SIGTERM in the CLI) stops at once and releases its claims, and whatever 2xx a server
/// uses to confirm a PUT counts as stored.
@Suite(.tags(.server), .enabled(if: Executables.available([], python: true)))
struct BoundedRequestTests {
    @Test(.timeLimit(.minutes(1)))
    func aServerThatTricklesItsAnswerForeverEndsInATimeout() async throws {
        let server = try WebDAVTestServer()
        let proxy = try FaultProxy(upstreamPort: server.port)
        let f = try UploadFixture()
        let (item, _) = try f.addRecording()
        // 5 bytes a second: progress never stops, so only a minimum speed or a total limit ends it.
        try proxy.inject(.trickle(milliseconds: 200))
        let configuration = f.configuration(url: proxy.baseURL, connection: ConnectionSettings(connectTimeout: 2, stallTimeout: 2))
        let started = Date()
        let report = try await f.uploader(configuration, server: server).run()
        let elapsed = Date().timeIntervalSince(started)
        // The stall limit is 2 s; the bound leaves room for a loaded machine (unbounded, it never returns).
        #expect(elapsed < 30, "took \(elapsed) s")
        #expect(report.sent.isEmpty)
        #expect(report.failed.first?.error?.contains("curl 28") == true, "\(report.failed)")
        let stored = try f.item(item.id)
        #expect(stored.state == .pending && stored.attempts == 1 && stored.claimedBy == nil)
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingARunAbortsTheTransferAndReleasesItsClaims() async throws {
        let server = try WebDAVTestServer()
        let proxy = try FaultProxy(upstreamPort: server.port)
        let f = try UploadFixture()
        let items = try (1...2).map { try f.addRecording(run: $0).0 }
        try proxy.inject(.stall)
        // A stall limit far beyond the test's: only cancellation can end this run in time.
        let configuration = f.configuration(url: proxy.baseURL, connection: ConnectionSettings(connectTimeout: 2, stallTimeout: 600))
        let uploader = try f.uploader(configuration, server: server)
        let run = Task { try await uploader.run() }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, try f.item(items[0].id).state != .sending { try await Task.sleep(for: .milliseconds(20)) }
        #expect(try f.item(items[0].id).state == .sending)
        let cancelled = Date()
        run.cancel()
        await #expect(throws: CancellationError.self) { try await run.value }
        // Within about a second normally; the bound leaves room for a loaded machine (the stall limit is 600 s).
        #expect(Date().timeIntervalSince(cancelled) < 30)
        for item in items {
            let stored = try f.item(item.id)
            #expect(stored.state == .pending, "\(stored.path)")
            #expect(stored.claimedBy == nil && stored.attempts == 0)
        }
    }

    @Test(arguments: [200, 201, 204])
    func anyTwoHundredAnswerToAPutMeansStored(status: Int) async throws {
        let server = try WebDAVTestServer()
        let proxy = try FaultProxy(upstreamPort: server.port)
        let f = try UploadFixture()
        let (item, _) = try f.addRecording()
        // The proxy answers every request (MKCOL and PUT) with `status`, as servers differ in which 2xx
        // they use to confirm.
        try proxy.inject(.status(status))
        let report = try await f.uploader(f.configuration(url: proxy.baseURL), server: server).run()
        #expect(report.sent.map(\.id) == [item.id], "\(report.failed)")
        #expect(try f.item(item.id).state == .transmitted)
    }
}
