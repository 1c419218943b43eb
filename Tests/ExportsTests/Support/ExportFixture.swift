import DataSources
import Foundation
import Storage
import TestSupport

@testable import Exports

/// A data folder holding one real recording in its catalog, and an export folder beside it.
struct ExportFixture {
    let dir: TemporaryDirectory
    let store: DataStore
    let item: CatalogItem
    let out: URL

    init(
        _ label: String, seconds: Int = 30, dropouts: Double = 0, quality: Bool = true, participant: String = RecordingFixture.participant,
        markers: [Int64: Marker]? = nil, paradigm: Paradigm = RecordingFixture.paradigm, provenance: Provenance? = nil
    ) throws {
        dir = try TemporaryDirectory(label)
        store = try DataStore(root: dir.path("data"))
        let folder = try store.participantFolder(participant)
        let name = "r_rest_1_1_1_\(participant).h5"
        let url = try RecordingFixture.make(
            in: dir, name: name, seconds: seconds, dropouts: dropouts, quality: quality, participant: participant, markers: markers,
            paradigm: paradigm, provenance: provenance)
        let stored = folder.appendingPathComponent(name)
        try FileManager.default.moveItem(at: url, to: stored)
        let size = (try FileManager.default.attributesOfItem(atPath: stored.path)[.size] as? NSNumber)?.int64Value ?? 0
        item = CatalogItem(
            kind: .recording, path: store.relativePath(of: stored), participant: participant, study: "export-test", title: "rest", day: 1,
            session: 1, run: 1, size: size, state: .pending, outcome: .complete)
        try store.catalog.insert(item)
        out = dir.path("out")
    }

    func exporter(_ format: ExportFormat) throws -> Exporter {
        Exporter(store: store, destination: try ExportDestination(folder: out, dataFolder: store.root), format: format)
    }
}
