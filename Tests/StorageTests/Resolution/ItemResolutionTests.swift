import Foundation
import TestSupport
import Testing

@testable import Storage

/// Restoring an item from a copy only when it is the catalogued file, and retiring one on record.
struct ItemResolutionTests {
    /// A data folder with one pending questionnaire whose file then lost its tail; returns the
    /// store, the item and its original bytes.
    static func damaged(_ dir: TemporaryDirectory) throws -> (DataStore, CatalogItem, Data) {
        let store = try DataStore(root: dir.path("data"))
        let participant = UUID().uuidString
        let url = try store.unusedURL(
            participant: participant, fileName: FileNaming.questionnaire(title: "mood", day: 1, session: 1, run: 1, participant: participant))
        let bytes = Data(#"{"answers": {"mood": 3}, "padding": "\#(String(repeating: "x", count: 200))"}"#.utf8)
        try bytes.write(to: url)
        var digest = SHA256()
        digest.update(bytes)
        let item = CatalogItem(
            kind: .questionnaire, path: store.relativePath(of: url), participant: participant, size: Int64(bytes.count),
            sha256: digest.finalizeHex(), state: .pending)
        try store.catalog.insert(item)
        try store.catalog.update(id: item.id) {
            $0.lastError = "missing on disk"; $0.attempts = 3
        }
        try Data(bytes.prefix(20)).write(to: url)
        return (store, item, bytes)
    }

    @Test func aCopyWithTheCataloguedDigestIsPutInPlaceAndTheItemIsPendingAgain() throws {
        let dir = try TemporaryDirectory("resolve-restore")
        let (store, item, bytes) = try Self.damaged(dir)
        let copy = dir.path("copy.json")
        try bytes.write(to: copy)
        let stored = try ItemResolution.restore(item.id, from: copy, store: store)
        #expect(try Data(contentsOf: store.url(of: item.path)) == bytes)
        #expect(stored.state == .pending && stored.lastError == nil && stored.nextAttempt == nil)
        // No temporary copy is left beside it.
        let folder = store.url(of: item.path).deletingLastPathComponent()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [store.url(of: item.path).lastPathComponent])
    }

    @Test func aCopyThatDiffersIsRefusedAndNothingChanges() throws {
        let dir = try TemporaryDirectory("resolve-mismatch")
        let (store, item, bytes) = try Self.damaged(dir)
        var changed = bytes
        changed[changed.count - 3] ^= 0x01
        let copy = dir.path("copy.json")
        try changed.write(to: copy)
        #expect(throws: ResolutionError.mismatch(path: item.path, copy: copy.path, size: Int64(bytes.count), expectedSize: Int64(bytes.count))) {
            try ItemResolution.restore(item.id, from: copy, store: store)
        }
        #expect(try Data(contentsOf: store.url(of: item.path)) == bytes.prefix(20))
        #expect(try store.catalog.item(id: item.id)?.lastError == "missing on disk")
        #expect(throws: ResolutionError.noCopy(path: dir.path("none").path)) {
            try ItemResolution.restore(item.id, from: dir.path("none"), store: store)
        }
    }

    @Test func retiringKeepsTheFileAndStoresTheReason() throws {
        let dir = try TemporaryDirectory("resolve-retire")
        let (store, item, bytes) = try Self.damaged(dir)
        let stored = try ItemResolution.retire(item.id, reason: "  no copy exists ", store: store)
        #expect(stored.state == .retired && stored.retiredReason == "no copy exists" && stored.lastError == nil)
        #expect(try Data(contentsOf: store.url(of: item.path)) == bytes.prefix(20))
        // A retired item restored from its copy goes back to pending, without the reason.
        let copy = dir.path("copy.json")
        try bytes.write(to: copy)
        let restored = try ItemResolution.restore(item.id, from: copy, store: store)
        #expect(restored.state == .pending && restored.retiredReason == nil)
    }
}
