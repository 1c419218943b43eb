import ArgumentParser
import Foundation
import Storage
import Study
import StudyRecorderKit
import Transfer

/// `study-recorder announcements`: fetches the study team's messages (global and for this participant)
/// and shows the new ones, with the participant's names filled in on this device only.
struct AnnouncementsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "announcements",
        abstract: "Fetch and show announcements from the study's download location.",
        discussion: "A malformed or unreachable message is a warning on standard error, never a failure.")

    @OptionGroup var data: DataOptions
    @OptionGroup var transfer: TransferOptions

    @Option(help: ArgumentHelp("The participant's UUID (default: the only participant here).", valueName: "uuid"))
    var participant: String?

    @Option(help: "The language to show (default: from $LANG, else en).")
    var locale: String?

    @Flag(help: "Show the latest messages even if they were shown before.")
    var all = false

    @Flag(help: "Print the announcements as JSON on standard output.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "The study folder: the signing key its study file names (settings.announcements) is the one messages must be signed by.",
            valueName: "folder"))
    var study: String?

    func run() async throws {
        let store = try await data.openExistingStore()
        let (configuration, secrets) = try transfer.load(data: store.root)
        guard let configured = configuration.announcements else {
            throw CommandError.notConfigured("no announcements location in \(transfer.url(data: store.root).path)")
        }
        let definition = try study.map { try StudyLoader.load(folder: URL(fileURLWithPath: $0)) }
        let who = try ParticipantOptions.resolve(participant, store: store)
        let person = try? ParticipantRegistry(store: store).participant(id: who)
        let language = locale ?? Self.environmentLocale()
        let checker: AnnouncementChecker
        do {
            let settings = try StudyAnnouncements.settings(configured, study: definition)
            checker = try AnnouncementChecker(store: store, settings: settings, credentials: secrets.announcements)
        } catch {
            throw CommandError.unusableConfiguration(error)
        }
        let result = try await checker.check(participant: who, locale: language)
        for warning in result.warnings { Terminal.note("warning: \(warning)") }
        let shown = StudyAnnouncements.rendered(
            all ? result.announcements : result.announcements.filter(\.isNew), person: person, notice: { Terminal.note($0) })
        if json {
            try Terminal.printJSON(AnnouncementsReport(shown: shown, refused: result.refused))
            return
        }
        // In the participant's language, as the messages themselves.
        let strings = RuntimeStrings(locale: language)
        if shown.isEmpty { print(strings(all ? .announcementsNone : .announcementsNoneNew)) }
        for a in shown {
            let scope = strings(a.scope == .global ? .announcementGlobal : .announcementParticipant)
            print("[\(scope)\(a.isNew ? ", " + strings(.announcementNew) : "")] \(a.title)")
            print(a.text)
            print("")
        }
    }

    static func environmentLocale() -> String {
        let env = ProcessInfo.processInfo.environment
        let raw = env["LC_ALL"] ?? env["LC_MESSAGES"] ?? env["LANG"] ?? "en"
        let tag = raw.split(separator: ".").first.map(String.init) ?? "en"
        return tag == "C" || tag == "POSIX" || tag.isEmpty ? "en" : tag.replacingOccurrences(of: "_", with: "-")
    }
}

/// The JSON shape of `announcements --json`: what is shown, and what the study's signing key refused.
struct AnnouncementsReport: Encodable {
    var shown: [Announcement]
    var refused: [AnnouncementChecker.RefusedAnnouncement]
}
