import ArgumentParser
import Foundation
import Storage
import StudyRecorderKit

/// `study-recorder resolve ITEM --restore FILE | --retire [--reason TEXT]`: what a person does for
/// an item that no upload can send (its file missing, cut short or changed): restore it from a copy
/// checked against the catalog's SHA-256, or retire it on record. The policy is Storage's
/// (``ItemResolution``); this parses, calls it and prints.
struct ResolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Restore an item that cannot be sent from a copy, or retire it on record.",
        discussion: """
            For an item `upload` or `recover` says needs a person. --restore FILE puts FILE in place of \
            the item's file when its SHA-256 is the one the catalog holds (a copy that differs is refused \
            and nothing changes); the item is pending upload again. --retire keeps the item on this device, \
            never uploaded, listed as retired by `list` with --reason (stored in the catalog).

            Exit status: 0 done, 66 no such item or FILE, 65 FILE is not the catalogued file (or the \
            catalog holds no checksum to check it against, or the item is already on the server), 75 the \
            item is being recorded or sent right now, 74 reading or writing failed, 64 bad command line.
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp("The item, as `list` and `upload` name it (its path in the data folder).", valueName: "item"))
    var item: String

    @Option(help: ArgumentHelp("Put this copy in place of the item's file (checked against the catalog's SHA-256).", valueName: "file"))
    var restore: String?

    @Flag(help: "Retire the item: kept here, never uploaded, listed as retired.")
    var retire = false

    @Option(help: ArgumentHelp("Why the item is retired (stored in the catalog; with --retire).", valueName: "text"))
    var reason: String?

    @Flag(help: "Print the item's catalog entry as JSON on standard output.")
    var json = false

    func validate() throws {
        guard (restore != nil) != retire else { throw ValidationError("give either --restore FILE or --retire") }
        if reason != nil && !retire { throw ValidationError("--reason goes with --retire") }
    }

    func run() async throws {
        let store = try await data.openExistingStore()
        let entry = try ItemArgument.resolve(item, in: store, requireFile: false)
        let recorder = await Recorder(store: store, logger: CommandLogging.logger("resolve", verbose: false))
        // What opening recovered, except the line about this item: it is being resolved now.
        var recovery = recorder.recovery
        recovery.problems.removeAll { $0.hasPrefix(entry.path + ":") }
        CommandLogging.report(recovery)
        let stored: CatalogItem
        if let restore {
            stored = try recorder.restore(entry.id, from: URL(fileURLWithPath: restore))
        } else {
            stored = try recorder.retire(entry.id, reason: reason)
        }
        if json {
            try Terminal.printJSON(stored)
        } else if restore != nil {
            let next = stored.state == .pending ? "; it is pending upload again" : ""
            print("restored \(stored.path) from \(restore ?? ""): its SHA-256 is the catalogued one\(next)")
        } else {
            print("retired \(stored.path): \(stored.retiredReason ?? ""); it stays on this device and is never uploaded")
        }
    }
}
