public import ArgumentParser
import Foundation
import Storage
import Study
import Transfer

/// `study-recorder list`: every stored item with its transmission state, how often sending it failed,
/// the last error and when it is tried next; items kept on the device by policy say why.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List stored items (recordings, questionnaires, consent records) and their upload state.",
        discussion: """
            Each item shows its state, kind, run and file name (without the participant's UUID) in 80 \
            columns; below it, when there is one, why a recording ended early, the last upload error, or \
            why the item stays on this device. --wide adds whether it is complete, its size, when it was \
            created, upload attempts, the next try and the full path. With --json every item has every \
            key (a missing value is null). Never creates the data folder: a folder that does not exist \
            exits 66.
            """)

    @OptionGroup var data: DataOptions
    @OptionGroup var transfer: TransferOptions

    @Option(help: "Only items in this state: writing, pending, sending, transmitted, retired.")
    var state: TransmissionState?

    @Option(help: ArgumentHelp("Only this participant's items.", valueName: "uuid"))
    var participant: String?

    @Flag(help: "Show every column (complete, size, created, tries, next try, full path); wider than 80 columns.")
    var wide = false

    @Flag(help: "Print the items as a JSON array on standard output.")
    var json = false

    @Option(help: "The language of the default table's headings (en, de; default: the --participant's enrolled locale, else en).")
    var locale: String?

    func run() async throws {
        let store = try await data.openExistingStore()
        let configurationURL = try transfer.checkedURL(data: store.root)
        let mode = (try? TransferConfiguration.load(from: configurationURL))?.encryption.policy.mode
        let items = try await store.items(state: state, participant: participant).map {
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
        let strings = RuntimeStrings(locale: locale ?? participant.flatMap { ParticipantOptions.enrolledLocale(of: $0, in: store.root) } ?? "en")
        print(wide ? Self.header : Self.narrowHeader(strings))
        for listed in items { print((wide ? Self.lines(listed) : Self.narrowLines(listed, strings: strings)).joined(separator: "\n")) }
    }

    static let header = "STATE        KIND           RUN  COMPLETE  SIZE        CREATED               TRIES  NEXT TRY              PATH"

    /// The default table's heading in `strings`' language (states and kinds stay the catalog's words).
    static func narrowHeader(_ strings: RuntimeStrings = RuntimeStrings(locale: "en")) -> String {
        let names = strings(.listColumns).components(separatedBy: "|") + ["", "", "", ""]
        return [
            names[0].padding(toLength: 12, withPad: " ", startingAt: 0), names[1].padding(toLength: 14, withPad: " ", startingAt: 0),
            names[2].padding(toLength: 4, withPad: " ", startingAt: 0), names[3],
        ].joined(separator: " ")
    }

    /// The width the default table keeps to.
    static let narrowWidth = 80

    /// The default row of one item, at most ``narrowWidth`` columns: state, kind, run and the file
    /// name without the participant's UUID (the folder says whose it is), shortened with "…" when
    /// still too long; the reasons below it are wrapped between words to the same width.
    static func narrowLines(_ listed: ListedItem, strings: RuntimeStrings = RuntimeStrings(locale: "en")) -> [String] {
        let item = listed.item
        func cell(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        let prefix =
            [
                cell(listed.keptLocal == nil ? item.state.rawValue : "kept-local", 12), cell(item.kind.rawValue, 14), cell(String(item.run ?? 0), 4),
            ].joined(separator: " ") + " "
        var name = item.shownName
        let room = narrowWidth - prefix.count
        if name.count > room { name = String(name.prefix(room - 1)) + "…" }
        var lines = [prefix + name]
        let indent = String(repeating: " ", count: 13)
        if let reason = item.outcome.reason { lines.append(indent + strings(.listEndedEarly, reason)) }
        if let error = item.lastError { lines.append(indent + strings(.listLastError, error)) }
        if let reason = listed.keptLocal { lines.append(indent + strings(.listStaysHere, reason)) }
        if let reason = item.retiredReason { lines.append(indent + strings(.listRetired, reason)) }
        return lines.map { WordWrap.wrap($0, width: narrowWidth) }
    }

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
        if let reason = item.retiredReason { lines.append("             retired:     \(reason)") }
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
