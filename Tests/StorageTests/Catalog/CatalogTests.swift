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

    /// `paths(in:)` takes exactly one folder's entries (not those of a folder whose name starts the
    /// same, nor of one that sorts right after), `sizes(state:)` one state's rows, and `items(kinds:)`
    /// only the kinds asked for.
    @Test func folderPathsSizesAndKindsAreSelectedExactly() throws {
        let dir = try TemporaryDirectory("catalog-paths")
        let catalog = try Catalog(url: dir.path("c.sqlite"))
        let rows: [(String, ItemKind, TransmissionState, Int64)] = [
            ("P/a.json", .questionnaire, .pending, 10), ("P/b.h5", .recording, .transmitted, 20), ("P2/c.json", .questionnaire, .pending, 30),
            ("P0/d.json", .consent, .pending, 40), ("P.json", .questionnaire, .pending, 50), ("Q/e.json", .consent, .writing, 60),
        ]
        for (path, kind, state, size) in rows {
            var item = CatalogItem(kind: kind, path: path, participant: "X", state: state)
            item.size = size
            try catalog.insert(item)
        }
        #expect(try catalog.paths(in: "P") == ["P/a.json", "P/b.h5"])
        #expect(try catalog.paths(in: "P2") == ["P2/c.json"])
        #expect(try catalog.paths(in: "R").isEmpty)
        let pending = try catalog.sizes(state: .pending)
        #expect(Dictionary(uniqueKeysWithValues: pending.map { ($0.path, $0.size) }) == ["P/a.json": 10, "P2/c.json": 30, "P0/d.json": 40, "P.json": 50])
        #expect(try catalog.items(state: .pending, kinds: [.consent]).map(\.path) == ["P0/d.json"])
        #expect(try catalog.items(kinds: [.consent, .recording]).map(\.path).sorted() == ["P/b.h5", "P0/d.json", "Q/e.json"])
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

    @Test func recordTransmittedWritesTheRowsAsUpdateDoesAndAllOrNone() throws {
        let dir = try TemporaryDirectory("catalog-transmitted")
        let catalog = try Catalog(url: dir.path("c.sqlite"))
        let now = Date(timeIntervalSince1970: 1_795_000_000.123)
        for i in 0..<4 {
            var item = CatalogItem(kind: .questionnaire, path: "p/\(i).json", participant: "P", run: i, created: now, state: .pending)
            item.lastError = "HTTP 503"
            item.attempts = 2
            try catalog.insert(item)
        }
        let claimed = try catalog.claimDue(now: now, owner: "run-1")
        #expect(claimed.count == 4)
        // The same change made the general way, on the last item, for comparison.
        let at = now.addingTimeInterval(5)
        try catalog.update(id: claimed[3].id) {
            $0.state = .transmitted; $0.transmittedAt = at; $0.transmittedVia = "webdav"; $0.remoteName = "P/3.json"
            $0.lastError = nil; $0.nextAttempt = nil; $0.claimedBy = nil; $0.claimedAt = nil
        }
        try catalog.recordTransmitted(
            (0..<2).map { Transmission(id: claimed[$0].id, at: at, via: "webdav", remote: "P/\($0).json") })
        let rows = try catalog.items()
        #expect(rows.map(\.state) == [.transmitted, .transmitted, .sending, .transmitted])
        #expect(rows[0].remoteName == "P/0.json" && rows[1].remoteName == "P/1.json")
        for row in [rows[0], rows[1]] {
            var expected = rows[3]
            expected.id = row.id; expected.path = row.path; expected.run = row.run; expected.remoteName = row.remoteName
            #expect(row == expected)
        }
        // The stored value of every other column is the same as `update` writes (read by another program).
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.row_factory = sqlite3.Row
            rows = db.execute("select * from items order by run").fetchall()
            differ = [k for k in rows[0].keys() if k not in ("id", "path", "run", "remoteName") and rows[0][k] != rows[3][k]]
            print(",".join(differ) or "same")
            print(rows[0]["transmittedAt"])
            """
        let printed = try PythonTool.run(script: script, arguments: [dir.path("c.sqlite").path])
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(printed == ["same", UTCTimestamp.sqlite(at)])
        // A missing row: nothing of the batch is recorded.
        #expect(throws: CatalogError.self) {
            try catalog.recordTransmitted([
                Transmission(id: claimed[2].id, at: at, via: "webdav", remote: "P/2.json"), Transmission(id: "nope", at: at, via: "webdav", remote: "x"),
            ])
        }
        #expect(try catalog.item(id: claimed[2].id)?.state == .sending)
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
