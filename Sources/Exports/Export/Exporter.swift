import Foundation
public import Storage

/// Exports stored items of a data folder into a destination outside it, in one format. The command
/// line is one client; the order of calls is ``export(_:progress:)`` per item, then ``finish()``.
public final class Exporter {
    /// The data folder.
    public let store: DataStore
    /// Where the exports go.
    public let destination: ExportDestination
    /// The format.
    public let format: ExportFormat
    /// Whether EDF files name the participant's pseudonymous UUID in the patient field (else `X X X X`).
    public var patientCode: Bool
    /// Decrypts encrypted items (with the user's GnuPG and its agent) into a private scratch folder in
    /// the destination, removed after the item is exported: a plaintext never lands in the data folder.
    public var decryptor = OpenPGPDecryptor()
    private var bids: BIDSDataset?

    /// Prepares an export of `store`'s items into `destination`.
    public init(store: DataStore, destination: ExportDestination, format: ExportFormat, patientCode: Bool = true) {
        self.store = store
        self.destination = destination
        self.format = format
        self.patientCode = patientCode
        if format == .bids { bids = BIDSDataset(destination: destination) }
    }

    /// Whether `kind` can be exported in `format`: recordings always, reaction-time trial tables as CSV;
    /// questionnaires and consent records never (a consent record holds a name).
    public static func canExport(_ kind: ItemKind, as format: ExportFormat) -> Bool {
        switch kind {
        case .recording: true
        case .trials: format == .csv
        case .questionnaire, .consent: false
        }
    }

    /// Exports `item`, calling `progress` with the fraction done. Throws ``ExportError`` with a
    /// one-line description naming the file.
    public func export(_ item: CatalogItem, progress: (Double) -> Void = { _ in }) throws -> ExportedItem {
        guard Self.canExport(item.kind, as: format) else {
            throw ExportError.unsupported(path: item.path, reason: "a \(item.kind.rawValue) item cannot be exported as \(format.rawValue)")
        }
        var url = store.url(of: item.path)
        guard FileManager.default.fileExists(atPath: url.path) else { throw ExportError.missing(path: item.path) }
        var scratch: URL?
        defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
        if item.encryption != .none {
            let folder = try destination.scratchFolder()
            scratch = folder
            let plain = folder.appendingPathComponent(url.deletingPathExtension().lastPathComponent)
            do {
                try decryptor.decrypt(url, to: plain)
            } catch {
                throw ExportError.encrypted(path: item.path, reason: "\(error)")
            }
            url = plain
        }
        let stem = Self.stem(of: url)
        switch (format, item.kind) {
        case (.csv, .trials):
            let written = try TrialTableCSV.export(url, to: destination, name: stem + ".csv")
            return ExportedItem(item: item.path, format: format, files: [written], edf: nil)
        case (.csv, _):
            let reader = try Self.open(url, item: item)
            let files = try RecordingCSV(reader: reader).export(to: destination, folder: stem, progress: progress)
            return ExportedItem(item: item.path, format: format, files: files, edf: nil)
        case (.edf, _):
            let reader = try Self.open(url, item: item)
            let writer = EDFWriter(patientCode: patientCode ? reader.participant ?? item.participant : nil)
            let written = try destination.write(stem + ".edf") { try writer.write(reader, to: $0, progress: progress) }
            return ExportedItem(item: item.path, format: format, files: [written.url.lastPathComponent], edf: written.result)
        case (.bids, _):
            let reader = try Self.open(url, item: item)
            guard let bids else { preconditionFailure("BIDS exporter without a dataset") }
            let trials = try responseTimes(for: item, recording: stem)
            let lastRun = try store.catalog.lastRun(participant: item.participant)
            let (files, edf) = try bids.add(reader, item: item, source: url, responseTimes: trials, lastRun: lastRun, progress: progress)
            return ExportedItem(item: item.path, format: format, files: files, edf: edf)
        }
    }

    /// Completes the export (BIDS: `dataset_description.json`, `participants.tsv`, `README`) and returns
    /// the files it wrote.
    public func finish() throws -> [String] {
        try bids?.finish() ?? []
    }

    /// The response times (seconds, `nil` for a miss) of the reaction-time trial table stored with the
    /// recording `stem` (same participant, the table's `recording` field naming it), in trial order;
    /// `nil` when there is none or it is encrypted.
    private func responseTimes(for item: CatalogItem, recording stem: String) throws -> [Double?]? {
        let tables = try store.catalog.items(participant: item.participant).filter {
            $0.kind == .trials && $0.encryption == .none && $0.run == item.run
        }
        for table in tables {
            guard let data = try? Data(contentsOf: store.url(of: table.path)),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let recording = object["recording"] as? String, Self.stem(of: URL(fileURLWithPath: recording)) == stem,
                let trials = object["trials"] as? [[String: Any]]
            else { continue }
            return trials.map { trial in
                guard trial["outcome"] as? String != "miss", let ms = (trial["latencyMs"] as? NSNumber)?.doubleValue else { return nil }
                return ms / 1000
            }
        }
        return nil
    }

    private static func open(_ url: URL, item: CatalogItem) throws -> RecordingReader {
        do {
            return try RecordingReader(url: url)
        } catch {
            throw ExportError.unsupported(path: item.path, reason: "not a readable recording (\(error))")
        }
    }

    /// The file name without its extensions (`r_rest_1_2_3_<uuid>`).
    static func stem(of url: URL) -> String {
        var name = url.lastPathComponent
        while let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return name
    }
}
