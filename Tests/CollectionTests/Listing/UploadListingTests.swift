import Foundation
import Storage
import TestSupport
import Testing
import Transfer

@testable import Collection

/// The listing step on its own, against a real server that lists whatever names its upload accounts
/// made (`HostileWebDAVServer` on loopback): a name that is a path, decodes to one or holds what a
/// file system or terminal acts on is a `name` problem before any path is built from it, and never
/// an item to fetch; the valid items beside it are.
@Suite(.tags(.server), .enabled(if: Executables.available([], python: true)))
struct UploadListingTests {
    /// One listing of `server` from a fresh state: the items to fetch and the report.
    static func list(_ server: HostileWebDAVServer) async throws -> ([PendingItem], CollectionReport) {
        let reader = try CollectionSource.webdav(base: server.baseURL, credentials: nil, connection: ConnectionSettings(connectTimeout: 2)).reader()
        defer { reader.close() }
        var state = CollectionState()
        var report = CollectionReport()
        let pending = try await UploadListing(limits: CollectionLimits(), consentFolder: nil).pending(reader: reader, state: &state, report: &report)
        return (pending, report)
    }

    @Test func hostileNamesAreProblemsAndNeverItemsToFetch() async throws {
        let (server, p, keys) = try CollectorUntrustedServerTests.serverWithTables()
        // Each with a manifest beside it, so that only its name can keep it out. The server sends
        // every name percent-encoded as one segment: `a/b` arrives as `a%2Fb`, `%2F` as `%252F`.
        let hostile = [
            "..", ".", "/etc/passwd", "/", "t_reaction_1_2_9_\(p).json/../../../../pwned.json", "t_reaction_1_2_9_\(p).json%2F..%2F..%2Fpwned.json",
            "t_reaction_1_2_9_..%2F..%2F\(p).json", "t_reaction%2F1_2_9_\(p).json", "t_reaction_1_2_9_\(p).json\u{0}.h5",
            "t_reaction\\1_2_9_\(p).json", "t_" + String(repeating: "a", count: 300) + "_\(p).json",
            "t_reaction_1_2_9_\(p).json\u{202E}nosj", "r_rest_1_1_1_\(p).h5.sh",
        ]
        var extra: [HostileWebDAVServer.Extra] = []
        for name in hostile {
            let data = Data("{\"attack\":true}".utf8)
            extra.append(.init(folder: p, name: name, data: data))
            extra.append(
                .init(
                    folder: p, name: name + UploadManifest.suffix,
                    data: try CollectorUntrustedServerTests.manifest(for: data, name: name, participant: p)))
        }
        try server.play(.init(extra: extra))
        let (pending, report) = try await Self.list(server)

        #expect(pending.map(\.key) == keys)
        #expect(
            pending.allSatisfy {
                $0.folder == p && keys.contains("\(p)/\($0.entry.name)") && $0.manifest.name == $0.entry.name + UploadManifest.suffix
            })
        // Hidden names (`.`, `..`, any leading dot) are passed over unused; every other hostile name and
        // its manifest's is one `name` problem, under the name as listed, shown escaped and cut.
        let listed = hostile.flatMap { [$0, $0 + UploadManifest.suffix] }.filter { !$0.hasPrefix(".") }
        let expected = listed.map { CollectionProblem(remote: "\(p)/\($0)", reason: .name, detail: "").remote }.sorted()
        #expect(report.problems.map(\.remote).sorted() == expected)
        #expect(report.problems.allSatisfy { $0.reason == .name }, "\(report.problems)")
        #expect(report.waiting.isEmpty && report.leftovers.isEmpty && report.unchanged == 0)
    }

    @Test func aParticipantFolderThatIsNoUUIDIsAProblemAndNotListed() async throws {
        let (server, p, keys) = try CollectorUntrustedServerTests.serverWithTables(1)
        let name = "t_reaction_1_2_1_\(p).json"
        for folder in ["announcements", "\(p.lowercased())x", "x\(p)"] {
            try CollectorFolderTests.place(Data("{}".utf8), name: name, participant: folder, in: server.root, kind: .trials)
        }
        let (pending, report) = try await Self.list(server)
        #expect(pending.map(\.key) == keys)
        #expect(Set(report.problems.map(\.remote)) == ["announcements/", "\(p.lowercased())x/", "x\(p)/"], "\(report.problems)")
        #expect(report.problems.allSatisfy { $0.reason == .name })
    }
}
