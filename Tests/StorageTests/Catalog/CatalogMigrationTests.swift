import Foundation
import TestSupport
import Testing

@testable import Storage

/// A catalog written before items could be retired (schema v3) opens, keeps its rows and takes a
/// retired item with its reason: the v4 migration adds the column, checked with Python's sqlite3.
@Suite(.tags(.python))
struct CatalogMigrationTests {
    @Test func aCatalogWithoutTheRetiredColumnIsMigratedAndKeepsItsRows() throws {
        let dir = try TemporaryDirectory("catalog-v4")
        let url = dir.path("catalog.sqlite")
        do {
            let catalog = try Catalog(url: url)
            try catalog.insert(CatalogItem(id: "A", kind: .recording, path: "p/a.h5", participant: "P", size: 10, sha256: "00", state: .pending))
        }
        // Back to v3: the column and the migration's record gone, as a catalog of the last release has them.
        _ = try PythonTool.run(
            script: """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                db.execute('ALTER TABLE items DROP COLUMN retiredReason')
                db.execute("DELETE FROM grdb_migrations WHERE identifier = 'v4'")
                db.commit()
                """, arguments: [url.path])
        let reopened = try Catalog(url: url)
        #expect(try reopened.item(id: "A")?.path == "p/a.h5")
        #expect(try reopened.item(id: "A")?.retiredReason == nil)
        try reopened.update(id: "A") {
            $0.state = .retired
            $0.retiredReason = "file lost"
        }
        let row = try PythonTool.run(
            script: """
                import json, sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                print(json.dumps(db.execute("SELECT state, retiredReason FROM items WHERE id = 'A'").fetchone()))
                """, arguments: [url.path])
        #expect(row.trimmingCharacters(in: .whitespacesAndNewlines) == #"["retired", "file lost"]"#)
        #expect(try reopened.claimDue(owner: "t").isEmpty, "a retired item is never claimed for upload")
    }
}
