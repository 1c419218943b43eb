import Foundation
import Storage
import TestSupport
import Testing

/// Every command that takes an item takes the name `list` shows: the catalog path, the file name,
/// the name without the participant's UUID, or a prefix only one item has; a name several items
/// have lists them.
struct DataStoreItemNamedTests {
    static let alice = "6F1C2D3E-0000-4000-8000-00000000000A"
    static let bob = "6F1C2D3E-0000-4000-8000-00000000000B"

    static func store(in dir: TemporaryDirectory) throws -> DataStore {
        let store = try DataStore(root: dir.url)
        for (participant, title, run) in [(alice, "rest", 3), (alice, "rest", 4), (bob, "rest", 3), (alice, "mood", 5)] {
            let kind: ItemKind = title == "mood" ? .questionnaire : .recording
            let file =
                kind == .recording
                ? FileNaming.recording(paradigm: title, day: 1, session: run == 4 ? 3 : 2, run: run, participant: participant)
                : FileNaming.questionnaire(title: title, day: 1, session: 1, run: run, participant: participant)
            try store.catalog.insert(CatalogItem(kind: kind, path: "\(participant)/\(file)", participant: participant, state: .pending))
        }
        return store
    }

    @Test func theNameListShowsFindsTheItem() throws {
        let dir = try TemporaryDirectory("item-named-list")
        defer { withExtendedLifetime(dir) {} }
        let store = try Self.store(in: dir)
        let item = try store.item(named: "r_rest_1_3_4.h5")
        #expect(item.path == "\(Self.alice)/r_rest_1_3_4_\(Self.alice).h5")
        #expect(item.shownName == "r_rest_1_3_4.h5")
        // The path, the file name and a unique prefix name it too.
        #expect(try store.item(named: item.path).id == item.id)
        #expect(try store.item(named: store.root.path + "/" + item.path).id == item.id)
        #expect(try store.item(named: "r_rest_1_3_4_\(Self.alice).h5").id == item.id)
        #expect(try store.item(named: "r_rest_1_3").id == item.id)
        #expect(try store.item(named: "q_mood").kind == .questionnaire)
    }

    @Test func anAmbiguousNameListsTheCandidates() throws {
        let dir = try TemporaryDirectory("item-named-ambiguous")
        defer { withExtendedLifetime(dir) {} }
        let store = try Self.store(in: dir)
        // Both participants have r_rest_1_2_3.h5; a prefix of several names several.
        for name in ["r_rest_1_2_3.h5", "r_rest"] {
            #expect {
                _ = try store.item(named: name)
            } throws: { error in
                guard case StorageError.ambiguousItem(let given, let candidates) = error else { return false }
                return given == name && candidates.count == (name == "r_rest" ? 3 : 2) && candidates.allSatisfy { $0.contains("r_rest_1_") }
            }
        }
        // The participant's folder settles it.
        #expect(try store.item(named: "\(Self.bob)/r_rest").participant == Self.bob)
    }

    @Test func anUnknownNameIsNoSuchItem() throws {
        let dir = try TemporaryDirectory("item-named-unknown")
        defer { withExtendedLifetime(dir) {} }
        let store = try Self.store(in: dir)
        for name in ["r_walk", "", "x/r_rest_1_2_3.h5"] {
            #expect(throws: StorageError.noSuchItem(name: name, root: store.root.path)) { _ = try store.item(named: name) }
        }
    }
}
