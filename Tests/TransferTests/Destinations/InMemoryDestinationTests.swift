import Foundation
import Storage
import TestSupport
import Testing
import Transfer

/// The uploader's policy against the in-memory destination clients use in their tests: what arrives,
/// and what stays pending while the destination fails, is offline or refuses an item.
struct InMemoryDestinationTests {
    @Test func pendingItemsArriveWithTheirBytesAndAreMarkedTransmitted() async throws {
        let f = try UploadFixture()
        let (a, aBytes) = try f.addRecording(run: 1, bytes: 3000)
        let (b, bBytes) = try f.addRecording(run: 2, bytes: 5000)
        let memory = InMemoryDestination()
        let report = try await f.uploader(destination: memory).run()
        #expect(report.sent.map(\.id) == [a.id, b.id])
        #expect(report.sent.allSatisfy { $0.via == "memory" })
        #expect(memory.arrivals.map(\.bytes) == [aBytes, bBytes])
        #expect(memory.arrivals.map(\.remote) == report.sent.map(\.remote))
        #expect(memory.runsFinished == 1)
        for item in [a, b] {
            let stored = try f.item(item.id)
            #expect(stored.state == .transmitted && stored.transmittedVia == "memory")
        }
    }

    @Test func failuresKeepItemsPendingUntilALaterRunDeliversThem() async throws {
        let f = try UploadFixture()
        let items = try (1...3).map { try f.addRecording(run: $0, bytes: 1000).0 }
        let memory = InMemoryDestination()
        memory.failNext(2)
        let uploader = f.uploader(destination: memory)
        let first = try await uploader.run()
        #expect(first.failed.map(\.id) == [items[0].id, items[1].id])
        #expect(first.failed.allSatisfy { $0.error?.contains("HTTP 503") == true })
        #expect(first.sent.map(\.id) == [items[2].id])
        #expect(first.remaining == 2)
        for item in items.prefix(2) {
            let stored = try f.item(item.id)
            #expect(stored.state == .pending && stored.attempts == 1 && stored.claimedBy == nil && stored.nextAttempt != nil)
        }
        let second = try await uploader.run(UploadOptions(ignoreBackoff: true))
        #expect(second.sent.map(\.id) == [items[0].id, items[1].id])
        #expect(second.remaining == 0)
        #expect(memory.arrivals.count == 3)
    }

    @Test func anOfflineDestinationIsAskedOncePerRunAndEverythingStaysPending() async throws {
        let f = try UploadFixture()
        let items = try (1...3).map { try f.addRecording(run: $0, bytes: 1000).0 }
        let memory = InMemoryDestination()
        memory.setOffline(true)
        let uploader = f.uploader(destination: memory)
        let offline = try await uploader.run()
        #expect(offline.failed.count == 3 && offline.remaining == 3)
        #expect(offline.failed.allSatisfy { $0.error?.contains("curl 7") == true })
        // Unreachable: the run does not wait for it again for the other items.
        #expect(memory.attempts == 1)
        #expect(try items.allSatisfy { try f.item($0.id).state == .pending })
        memory.setOffline(false)
        let online = try await uploader.run(UploadOptions(ignoreBackoff: true))
        #expect(online.sent.count == 3 && online.remaining == 0)
    }

    @Test func aRefusedItemStaysPendingWhileTheOthersArrive() async throws {
        let f = try UploadFixture()
        let (a, _) = try f.addRecording(run: 1, bytes: 1000)
        let (b, _) = try f.addRecording(run: 2, bytes: 1000)
        let memory = InMemoryDestination()
        let refused = (a.path as NSString).lastPathComponent
        memory.refuse(refused)
        let uploader = f.uploader(destination: memory)
        let report = try await uploader.run()
        #expect(report.sent.map(\.id) == [b.id])
        #expect(report.failed.map(\.id) == [a.id])
        #expect(report.failed.first?.error?.contains("403") == true)
        memory.accept(refused)
        let retried = try await uploader.run(UploadOptions(ignoreBackoff: true))
        #expect(retried.sent.map(\.id) == [a.id])
    }

    @Test func theFallbackTakesOverOnlyAfterTheConfiguredFailuresAndOnlyEncryptedOrAllowedItems() async throws {
        let f = try UploadFixture()
        let (item, bytes) = try f.addRecording(bytes: 2000)
        let primary = InMemoryDestination(via: "primary"), fallback = InMemoryDestination(via: "fallback")
        primary.setOffline(true)
        // Plaintext goes to the fallback only when the policy allows it.
        let strict = f.uploader(destination: primary, fallback: fallback, fallbackAfterFailures: 0)
        let refused = try await strict.run()
        #expect(refused.failed.first?.error?.contains("allowPlaintextEmail") == true)
        #expect(fallback.arrivals.isEmpty)
        let allowing = f.uploader(
            destination: primary, fallback: fallback, fallbackAfterFailures: 3, encryption: EncryptionSettings(allowPlaintextEmail: true))
        let second = try await allowing.run(UploadOptions(ignoreBackoff: true))
        #expect(second.sent.isEmpty && fallback.arrivals.isEmpty, "attempt 2 of 3: not yet")
        let third = try await allowing.run(UploadOptions(ignoreBackoff: true))
        #expect(third.sent.map(\.via) == ["fallback"])
        #expect(fallback.arrivals.map(\.bytes) == [bytes])
        #expect(try f.item(item.id).transmittedVia == "fallback")
    }
}
