import Foundation
import Storage
import Synchronization
import TestSupport
import Testing
import Transfer

/// The upload event stream: what a program shows while items go out, without polling.
@Suite(.tags(.server), .enabled(if: Executables.available([], python: true)))
struct UploadEventTests {
    @Test func aRunTellsPlannedStartedProgressUploadedAndFinishedInOrder() async throws {
        let server = try WebDAVTestServer()
        let f = try UploadFixture()
        let (a, _) = try f.addRecording(run: 1, bytes: 300_000)
        let (b, _) = try f.addRecording(run: 2, bytes: 100_000)
        let (consent, _) = try f.addRecording(kind: .consent)
        var events: [UploadEvent] = []
        for try await event in try f.uploader(f.configuration(url: server.baseURL), server: server).upload() { events.append(event) }
        guard case .keptLocal(let kept) = events.first, case .planned(let count, let bytes) = events.dropFirst().first else {
            Issue.record("\(events)")
            return
        }
        #expect(kept.id == consent.id)
        #expect(count == 2 && bytes == 400_000)
        guard case .finished(let report) = events.last else { Issue.record("no finished event: \(events)"); return }
        #expect(report.sent.map(\.id) == [a.id, b.id])
        #expect(events.filter { if case .finished = $0 { true } else { false } }.count == 1)
        // For each item: started, then progress up to its size, then uploaded.
        for (index, item) in [a, b].enumerated() {
            let started = try #require(events.firstIndex { if case .started(let i) = $0 { i.id == item.id } else { false } })
            let uploaded = try #require(events.firstIndex { if case .uploaded(let o) = $0 { o.id == item.id && o.via == "webdav" } else { false } })
            #expect(started < uploaded)
            if case .started(let info) = events[started] { #expect(info.index == index + 1 && info.count == 2 && info.size == item.size) }
            let progress = events[started..<uploaded].compactMap { if case .progress(let p) = $0 { p } else { nil } }
            #expect(!progress.isEmpty)
            #expect(progress.allSatisfy { $0.id == item.id })
            #expect(progress.map(\.sent) == progress.map(\.sent).sorted())
            #expect(progress.last?.sent == item.size && progress.last?.total == item.size)
        }
    }

    @Test func aFailingItemIsReportedAsStillPending() async throws {
        let f = try UploadFixture()
        let (item, _) = try f.addRecording(bytes: 1000)
        let memory = InMemoryDestination()
        memory.failNext(1)
        var failed: [UploadReport.Outcome] = []
        for try await event in f.uploader(destination: memory).upload() {
            if case .failed(let outcome) = event { failed.append(outcome) }
        }
        #expect(failed.map(\.id) == [item.id])
        #expect(failed.first?.nextAttempt != nil)
        #expect(try f.item(item.id).state == .pending)
    }

    @Test func runReportsTheSameProgressAsTheStream() async throws {
        let f = try UploadFixture()
        let (item, _) = try f.addRecording(bytes: 4000)
        let seen = Mutex<[UploadProgress]>([])
        let report = try await f.uploader(destination: InMemoryDestination()).run { p in seen.withLock { $0.append(p) } }
        #expect(report.sent.map(\.id) == [item.id])
        #expect(seen.withLock { $0.last?.sent } == 4000)
    }

    @Test(.timeLimit(.minutes(1)))
    func stoppingTheIterationCancelsTheRunAndReleasesItsClaims() async throws {
        let server = try WebDAVTestServer()
        let proxy = try FaultProxy(upstreamPort: server.port)
        let f = try UploadFixture()
        let items = try (1...2).map { try f.addRecording(run: $0).0 }
        try proxy.inject(.stall)
        let configuration = f.configuration(url: proxy.baseURL, connection: ConnectionSettings(connectTimeout: 2, stallTimeout: 600))
        for try await event in try f.uploader(configuration, server: server).upload() {
            if case .started = event { break }
        }
        // The run ends on its own once cancelled: wait for its claims to be released.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, try items.contains(where: { try f.item($0.id).state != .pending }) { try await Task.sleep(for: .milliseconds(20)) }
        for item in items {
            let stored = try f.item(item.id)
            #expect(stored.state == .pending && stored.claimedBy == nil && stored.attempts == 0)
        }
    }
}
