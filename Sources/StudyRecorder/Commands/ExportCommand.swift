public import ArgumentParser
import Exports
import Foundation
import Storage

/// `study-recorder export`: stored recordings as CSV, EDF+ or an EEG-BIDS dataset, for analysis in
/// MNE, EEGLAB, MATLAB or a spreadsheet (docs/analysis.md). Exports go to a folder outside the data
/// folder and never overwrite.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export stored recordings as CSV, EDF+ or an EEG-BIDS dataset.",
        discussion: """
            Items are catalog paths as `list` shows them (e.g. <uuid>/r_rest_1_1_2_<uuid>.h5), or --all, or \
            --participant UUID. csv: a folder per recording (eeg.csv with markers, events.csv, one file per \
            band power and quality measure with a reason column where values are NaN, verdict.csv) and one \
            file per reaction-time trial table. edf: one EDF+ file per recording (device range, every event \
            annotated, gaps as BAD_ACQ_SKIP). bids: an EEG-BIDS dataset with the HDF5 originals under \
            sourcedata/. --out must lie outside the data folder. Encrypted items are decrypted with the \
            secret key in GnuPG (--gnupg-home; its agent asks for the passphrase) into a private folder in \
            --out, removed afterwards. Exit codes: 0 done, 64 bad usage or --out inside the data folder, 65 \
            an item that cannot be exported, 66 no such item, 73 cannot write the export (e.g. it exists \
            already), 77 an encrypted item without its secret key.
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp("Catalog paths of the items to export.", valueName: "item"))
    var items: [String] = []

    @Flag(help: "Export every recording (and, for csv, every trial table).")
    var all = false

    @Option(help: ArgumentHelp("Export this participant's items.", valueName: "uuid"))
    var participant: String?

    @Option(help: "csv, edf or bids.")
    var format: ExportFormat

    @Option(help: ArgumentHelp("The folder to write to, outside the data folder (default ./exports).", valueName: "dir"))
    var out = "exports"

    @Flag(help: "Write `X X X X` as the EDF patient field instead of the participant's pseudonymous UUID.")
    var anonymous = false

    @Option(
        help: ArgumentHelp("The GnuPG home holding the study's secret key, for encrypted items (default: $GNUPGHOME or ~/.gnupg).", valueName: "dir"))
    var gnupgHome: String?

    @Flag(help: "Print what was written as JSON on standard output.")
    var json = false

    func validate() throws {
        let selections = (items.isEmpty ? 0 : 1) + (all ? 1 : 0) + (participant == nil ? 0 : 1)
        guard selections == 1 else { throw ValidationError("name the items, or give --all or --participant (exactly one of them)") }
    }

    func run() throws {
        let store = try data.openStore()
        let selected = try select(in: store)
        if selected.isEmpty {
            Terminal.error("nothing to export in \(store.root.path)")
            throw ExitCode.noInput
        }
        let destination: ExportDestination
        do {
            destination = try ExportDestination(folder: URL(fileURLWithPath: out), dataFolder: store.root)
        } catch let error as ExportError {
            Terminal.error(error)
            if case .insideDataFolder = error { throw ExitCode.usage }
            throw ExitCode.cannotCreate
        }
        let exporter = Exporter(store: store, destination: destination, format: format, patientCode: !anonymous)
        exporter.decryptor = OpenPGPDecryptor(home: gnupgHome.map { URL(fileURLWithPath: $0) })
        var bar = ProgressBar(label: "export")
        var results: [ExportedItem] = []
        for (i, item) in selected.enumerated() {
            do {
                let result = try exporter.export(item) { fraction in
                    bar.update(
                        fraction: (Double(i) + fraction) / Double(selected.count),
                        status: "\(i + 1)/\(selected.count) " + (item.path as NSString).lastPathComponent)
                }
                results.append(result)
            } catch let error as ExportError {
                bar.finish()
                Terminal.error(error)
                switch error {
                case .missing: throw ExitCode.noInput
                case .unsupported: throw ExitCode.dataError
                case .encrypted: throw ExitCode.permissionDenied
                case .insideDataFolder: throw ExitCode.usage
                case .io: throw ExitCode.cannotCreate
                }
            }
        }
        let extra: [String]
        do {
            extra = try exporter.finish()
        } catch {
            bar.finish()
            Terminal.error(error)
            throw ExitCode.cannotCreate
        }
        bar.update(fraction: 1, status: "done", force: true)
        bar.finish()
        if json {
            struct Output: Encodable {
                var folder: String
                var format: ExportFormat
                var items: [ExportedItem]
                var files: [String]
            }
            try Terminal.printJSON(Output(folder: destination.folder.path, format: format, items: results, files: extra))
            return
        }
        for result in results {
            var line = "\(result.item) → \(result.files.first ?? "")"
            if result.files.count > 1 { line += " (+\(result.files.count - 1) files)" }
            if let edf = result.edf {
                line += "  \(edf.recordCount) s, \(edf.annotationCount) annotations, \(edf.gapCount) gaps"
                if edf.clippedValues > 0 { line += ", \(edf.clippedValues) values clipped to the device range" }
            }
            print(line)
        }
        print("exported \(results.count) item(s) as \(format.rawValue) to \(destination.folder.path)")
    }

    /// The catalog items to export: the named ones (each must exist and be exportable), or every
    /// exportable item (of the participant).
    private func select(in store: DataStore) throws -> [CatalogItem] {
        if !items.isEmpty {
            var selected: [CatalogItem] = []
            for path in items {
                let item = try ItemArgument.resolve(path, in: store)
                guard Exporter.canExport(item.kind, as: format) else {
                    Terminal.error("\(item.path): a \(item.kind.rawValue) item cannot be exported as \(format.rawValue)")
                    throw ExitCode.dataError
                }
                selected.append(item)
            }
            return selected
        }
        return try store.catalog.items(participant: participant).filter { $0.state != .writing && Exporter.canExport($0.kind, as: format) }
    }
}

extension ExportFormat: ExpressibleByArgument {}
