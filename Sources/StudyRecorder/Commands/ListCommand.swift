public import ArgumentParser
import Foundation
import Storage
import Transfer

/// `study-recorder list`: every stored item with its transmission state, how often sending it failed,
/// the last error and when it is tried next; items kept on the device by policy say why.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List stored items (recordings, questionnaires, consent records) and their upload state.",
        discussion: """
            Each item shows its state, upload attempts and next try; below it, when there is one, why a \
            recording ended early, the last upload error, or why the item stays on this device. With \
            --json every item has every key (a missing value is null). Never creates the data folder: \
            a folder that does not exist exits 66.
            """)

    @OptionGroup var data: DataOptions
    @OptionGroup var transfer: TransferOptions

    @Option(help: "Only items in this state: writing, pending, sending, transmitted.")
    var state: TransmissionState?

    @Option(help: ArgumentHelp("Only this participant's items.", valueName: "uuid"))
    var participant: String?

    @Flag(help: "Print the items as a JSON array on standard output.")
    var json = false

    func run() throws {
        let store = try data.openExistingStore()
        let configurationURL = try transfer.checkedURL(data: store.root)
        let mode = (try? TransferConfiguration.load(from: configurationURL))?.encryption.policy.mode
        let items = try store.catalog.items(state: state, participant: participant).map {
            ListedItem(item: $0, keptLocal: LocalOnlyPolicy.reason(for: $0, mode: mode))
        }
        if json {
            try Terminal.printJSON(items)
            return
        }
        if items.isEmpty {
            print("no items in \(store.root.path)")
            return
        }
        print(Self.header)
        for listed in items { print(Self.lines(listed).joined(separator: "\n")) }
    }

    static let header = "STATE        KIND           RUN  COMPLETE  SIZE        CREATED               TRIES  NEXT TRY              PATH"

    /// The table row of one item and, indented below it, its end reason, last error or why it stays.
    static func lines(_ listed: ListedItem) -> [String] {
        let item = listed.item
        func cell(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        let row = [
            // An item kept on this device by policy is not waiting for upload: it says so.
            cell(listed.keptLocal == nil ? item.state.rawValue : "kept-local", 12), cell(item.kind.rawValue, 14), cell(String(item.run ?? 0), 4),
            cell(item.outcome.isComplete ? "yes" : "no", 9), cell(String(item.size), 11), cell(UTCTimestamp.iso8601(item.created), 21),
            cell(String(item.attempts), 6), cell(item.nextAttempt.map { UTCTimestamp.iso8601($0) } ?? "-", 21), item.path,
        ].joined(separator: " ")
        var lines = [row]
        if let reason = item.outcome.reason { lines.append("             ended early: \(reason)") }
        if let error = item.lastError { lines.append("             last error:  \(error)") }
        if let reason = listed.keptLocal { lines.append("             stays here:  \(reason)") }
        return lines
    }
}

/// One item as `list` shows it: the catalog row plus, for an item kept on the device by policy, why
/// (`keptLocal`, `null` otherwise).
struct ListedItem: Encodable {
    var item: CatalogItem
    var keptLocal: String?

    private enum CodingKeys: String, CodingKey { case keptLocal }

    func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(keptLocal, forKey: .keptLocal)
    }
}

extension TransmissionState: ExpressibleByArgument {}
