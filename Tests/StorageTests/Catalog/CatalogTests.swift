import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite(.tags(.python))
struct CatalogTests {
    @Test func claimsAreExclusiveAndRespectBackoff() throws {
        let dir = try TemporaryDirectory("catalog")
        let catalog = try Catalog(url: dir.path("c.sqlite"))
        let now = Date()
        for i in 0..<5 {
            var item = CatalogItem(
                kind: .recording, path: "p/\(i).h5", participant: "P", run: i, created: now.addingTimeInterval(Double(i)), state: .pending)
            if i == 4 { item.nextAttempt = now.addingTimeInterval(600) }
            try catalog.insert(item)
        }
        try catalog.insert(CatalogItem(kind: .recording, path: "p/w.h5", participant: "P", state: .writing))
        let first = try catalog.claimDue(now: now, owner: "run-1", limit: 2)
        let second = try catalog.claimDue(now: now, owner: "run-2")
        #expect(first.map(\.run) == [0, 1])
        #expect(second.map(\.run) == [2, 3])  // not 4 (backing off), not the one being written
        #expect(Set(first.map(\.id)).isDisjoint(with: second.map(\.id)))
        // A claim left by a crashed run is taken over after the stale time.
        let later = try catalog.claimDue(now: now.addingTimeInterval(7200), owner: "run-3")
        #expect(Set(later.map(\.run)) == [0, 1, 2, 3, 4])
        #expect(try catalog.lastRun(participant: "P") == 4)
    }

    @Test func updateIsTransactionalAndMissingItemsAreErrors() throws {
        let dir = try TemporaryDirectory("catalog2")
        let catalog = try Catalog(url: dir.path("c.sqlite"))
        let item = CatalogItem(kind: .questionnaire, path: "a.json", participant: "P", state: .pending)
        try catalog.insert(item)
        let updated = try catalog.update(id: item.id) {
            $0.attempts += 1; $0.lastError = "HTTP 507"
        }
        #expect(updated.attempts == 1)
        #expect(try catalog.item(id: item.id)?.lastError == "HTTP 507")
        #expect(throws: CatalogError.self) { try catalog.update(id: "nope") { _ in } }
        #expect(throws: (any Error).self) { try catalog.insert(CatalogItem(kind: .questionnaire, path: "a.json", participant: "Q", state: .pending)) }
    }

    @Test func anotherProcessSeesCommittedChangesWhileThisOneWrites() throws {
        let dir = try TemporaryDirectory("catalog3")
        let url = dir.path("c.sqlite")
        let catalog = try Catalog(url: url)
        for i in 0..<200 {
            try catalog.insert(CatalogItem(kind: .recording, path: "x/\(i).h5", participant: "P", run: i, state: .pending))
        }
        // Python's sqlite3 is a second process reading and writing the same WAL database.
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], timeout=30)
            n = db.execute("select count(*) from items").fetchone()[0]
            with db:
                db.execute("update items set state='transmitted' where run < 100")
            print(n)
            """
        let result = try PythonTool.run(script: script, arguments: [url.path])
        #expect(result.trimmingCharacters(in: .whitespacesAndNewlines) == "200")
        #expect(try catalog.items(state: .transmitted).count == 100)
    }
}
