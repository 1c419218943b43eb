import ArgumentParser
import Foundation
import Storage

/// `study-recorder list`: every stored item with its transmission state.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List stored items (recordings, questionnaires, consent records) and their upload state.")

    @OptionGroup var data: DataOptions

    @Option(help: "Only items in this state: writing, pending, sending, transmitted.")
    var state: TransmissionState?

    @Option(help: ArgumentHelp("Only this participant's items.", valueName: "uuid"))
    var participant: String?

    @Flag(help: "Print the items as a JSON array on standard output.")
    var json = false

    func run() throws {
        let store = try data.openStore()
        let items = try store.catalog.items(state: state, participant: participant)
        if json {
            try Terminal.printJSON(items)
            return
        }
        if items.isEmpty {
            print("no items in \(store.root.path)")
            return
        }
        print("STATE        KIND           RUN  COMPLETE  SIZE        CREATED               PATH")
        for item in items {
            let line = [
                item.state.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0),
                item.kind.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0),
                String(item.run ?? 0).padding(toLength: 4, withPad: " ", startingAt: 0),
                (item.complete ? "yes" : "no").padding(toLength: 9, withPad: " ", startingAt: 0),
                String(item.size).padding(toLength: 11, withPad: " ", startingAt: 0),
                UTCTimestamp.iso8601(item.created).padding(toLength: 21, withPad: " ", startingAt: 0),
                item.path,
            ]
            print(line.joined(separator: " "))
        }
    }
}

extension TransmissionState: ExpressibleByArgument {}
