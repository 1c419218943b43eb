import Foundation
import Storage
import TestSupport
import Testing
import Transfer

@testable import Collection

/// One item fetched on its own from a local copy of an upload folder: the manifest decides whether
/// the item is downloaded at all, and only a verified item lands in the mirror.
@Suite struct ItemFetcherTests {
    /// A fetcher writing into `<dir>/work`, and a reader of `<dir>/uploads`.
    static func fetcher(_ dir: TemporaryDirectory) throws -> (ItemFetcher, CollectionReader, URL) {
        let work = dir.path("work")
        let mirror = work.appendingPathComponent("mirror", isDirectory: true)
        try FileManager.default.createDirectory(at: mirror, withIntermediateDirectories: true)
        let scratch = try PlaintextScratch(decryptor: OpenPGPDecryptor(), dataFolder: mirror, parent: dir.path("scratch"))
        let fetcher = ItemFetcher(
            study: try CollectorFolderTests.study(), limits: CollectionLimits(), decryptor: OpenPGPDecryptor(), consentFolder: nil,
            contained: try ContainedFolder(work), mirror: mirror, scratch: scratch)
        return (fetcher, try CollectionSource.folder(dir.path("uploads")).reader(), mirror)
    }

    /// The pending item `name` of `participant` in `<dir>/uploads`, as the listing would give it.
    static func pending(_ name: String, participant p: String, in dir: TemporaryDirectory, listedSize: Int64? = nil) throws -> PendingItem {
        let folder = dir.path("uploads").appendingPathComponent(p)
        let size = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? Int64
        return PendingItem(
            key: "\(p)/\(name)", folder: p, entry: RemoteEntry(name: name, isFolder: false, size: listedSize ?? size),
            manifest: RemoteEntry(name: name + UploadManifest.suffix, isFolder: false), fingerprint: CollectionState.Fingerprint(),
            collectedBefore: false)
    }

    @Test func aVerifiedItemLandsInTheMirrorAsUploaded() async throws {
        let dir = try TemporaryDirectory("item-fetcher")
        let p = UUID().uuidString, name = "t_reaction_1_2_1_\(p).json"
        let bytes = Data("{\"run\":1}".utf8)
        try CollectorFolderTests.place(bytes, name: name, participant: p, in: dir.path("uploads"), kind: .trials)
        let (fetcher, reader, mirror) = try Self.fetcher(dir)
        let fetched = try await fetcher.fetch(try Self.pending(name, participant: p, in: dir), reader: reader)
        #expect(fetched.entry.problem == nil && fetched.entry.done && fetched.catalogue?.uploaded.name == name)
        #expect(try Data(contentsOf: mirror.appendingPathComponent("\(p)/\(name)")) == bytes)
    }

    @Test func aManifestOfAnotherFileOrSizeKeepsTheItemFromBeingDownloaded() async throws {
        let dir = try TemporaryDirectory("item-fetcher")
        let p = UUID().uuidString, other = "t_reaction_1_2_1_\(p).json", sized = "t_reaction_1_2_2_\(p).json"
        try CollectorFolderTests.place(Data("{\"run\":1}".utf8), name: other, participant: p, in: dir.path("uploads"), kind: .trials) {
            $0.uploaded.name = "t_reaction_1_2_9_\(p).json"
        }
        try CollectorFolderTests.place(Data("{\"run\":2}".utf8), name: sized, participant: p, in: dir.path("uploads"), kind: .trials)
        let (fetcher, reader, mirror) = try Self.fetcher(dir)
        let manifests = dir.path("uploads").appendingPathComponent(p)

        let renamed = try await fetcher.fetch(try Self.pending(other, participant: p, in: dir), reader: reader)
        #expect(renamed.entry.problem?.reason == .notOurs && renamed.catalogue == nil && !renamed.entry.done)
        let manifestSize =
            try FileManager.default.attributesOfItem(atPath: manifests.appendingPathComponent(other + UploadManifest.suffix).path)[.size] as? Int64
        #expect(renamed.bytes == manifestSize, "only the manifest is downloaded")

        let lying = try await fetcher.fetch(try Self.pending(sized, participant: p, in: dir, listedSize: 1 << 20), reader: reader)
        #expect(lying.entry.problem?.reason == .server && lying.catalogue == nil)
        #expect(!FileManager.default.fileExists(atPath: mirror.appendingPathComponent(p).path), "nothing in the mirror")
    }
}
