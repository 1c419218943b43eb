import Foundation
import TestSupport
import Testing

@testable import Storage

/// ``CatalogItem/outcome`` keeps the catalog's columns and `list --json`'s keys: `complete` and
/// `endReason`.
@Suite(.tags(.python))
struct CatalogItemOutcomeTests {
    static let created = Date(timeIntervalSince1970: 1_800_000_000)

    static func items() -> [CatalogItem] {
        [
            CatalogItem(
                id: "A", kind: .recording, path: "p/a.h5", participant: "P", created: created, state: .pending,
                outcome: .incomplete(reason: "interrupted by signal")),
            CatalogItem(id: "B", kind: .recording, path: "p/b.h5", participant: "P", created: created, state: .pending),
            CatalogItem(
                id: "C", kind: .recording, path: "p/c.h5", participant: "P", created: created, state: .writing,
                outcome: .incomplete(reason: nil)),
        ]
    }

    /// sqlite3 (Python's) reads the columns the catalog always had.
    @Test func theCatalogStoresTheOutcomeInItsColumns() throws {
        let dir = try TemporaryDirectory("catalog-outcome")
        let url = dir.path("c.sqlite")
        let catalog = try Catalog(url: url)
        for item in Self.items() { try catalog.insert(item) }
        let rows = try PythonTool.run(
            script: """
                import json, sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                print(json.dumps(db.execute('SELECT path, complete, endReason FROM items ORDER BY path').fetchall()))
                """, arguments: [url.path])
        #expect(
            rows.trimmingCharacters(in: .whitespacesAndNewlines)
                == #"[["p/a.h5", 0, "interrupted by signal"], ["p/b.h5", 1, null], ["p/c.h5", 0, null]]"#)
        for item in Self.items() { #expect(try catalog.item(id: item.id)?.outcome == item.outcome) }
    }

    @Test func jsonKeepsTheCompleteAndEndReasonKeys() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = UTCTimestamp.jsonEncodingStrategy
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = UTCTimestamp.jsonDecodingStrategy
        for item in Self.items() {
            let data = try encoder.encode(item)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(
                object.keys.sorted() == [
                    "attempts", "claimedAt", "claimedBy", "complete", "created", "day", "encryption", "endReason", "id", "kind",
                    "lastError", "nextAttempt", "participant", "path", "remoteName", "retiredReason", "run", "session", "sha256", "size", "state",
                    "study", "title", "transmittedAt", "transmittedVia",
                ])
            #expect(object["complete"] as? Bool == item.outcome.isComplete)
            #expect(object["endReason"] as? String == item.outcome.reason)
            #expect((object["endReason"] is NSNull) == (item.outcome.reason == nil))
            #expect(try decoder.decode(CatalogItem.self, from: data) == item)
        }
    }
}
