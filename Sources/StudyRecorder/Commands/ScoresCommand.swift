import ArgumentParser
import Foundation
import Storage
import Study

/// `study-recorder scores <study> --data DIR`: the participant's reaction-time score per session over
/// the days (the reference self-tracking app's history), from the progress file; as a table or, with
/// `--json`, as JSON alone on standard output.
struct ScoresCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scores",
        abstract: "Show the participant's reaction-time score per session over the days.",
        discussion: """
            The score of a session is the median latency over all its valid (correct) trials, \
            interrupted blocks included; each block's own median is listed too. Exit 0, 66 when the \
            study or the participant's progress is missing, 65 when the study or the progress file is \
            invalid.
            """)

    @Argument(help: "The study folder (holding study.json).")
    var study: String

    @OptionGroup var data: DataOptions

    @Option(help: "The locale of the table (default: the one the participant enrolled in, else the study's default).")
    var locale: String?

    @Flag(
        help:
            "Print {study, participant, sessions: [{day, session, title, date, blocks, blocksCompleted, validTrials, medianLatencyMs, runMedianLatencyMs}]}; missing values are null."
    )
    var json = false

    func run() throws {
        let definition = try StudyLoader.load(folder: URL(fileURLWithPath: study))
        let store = ProgressStore(dataFolder: data.url)
        let stored: StudyProgress?
        do {
            stored = try store.load(studyID: definition.id)
        } catch {
            throw CommandError.malformedInput("\(store.url(forStudy: definition.id).path): unreadable progress file: \(error)")
        }
        guard let progress = stored else {
            throw CommandError.missingInput("nobody is enrolled in \(definition.id) in \(data.url.path) (no \(store.url(forStudy: definition.id).path))")
        }
        // The participant's language: asked for, else the one they enrolled in, else the study's.
        let locale = locale ?? progress.locale ?? definition.defaultLocale
        let history = ScoreHistory(study: definition, progress: progress, locale: locale)
        if json {
            try Terminal.printJSON(history)
        } else {
            print(Self.table(history, title: definition.render(definition.title, locale: locale), strings: RuntimeStrings(locale: locale)))
        }
    }

    /// The history as a table in `strings`' language; dates in the local time zone, missing values
    /// as `–`.
    static func table(_ history: ScoreHistory, title: String, strings: RuntimeStrings = RuntimeStrings(locale: "en")) -> String {
        guard !history.sessions.isEmpty else { return strings(.scoresNone, title) }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm zzz"
        let rows: [[String]] = history.sessions.map { e in
            [
                "\(e.day)", e.title, e.date.map(formatter.string(from:)) ?? "–", "\(e.blocksCompleted)/\(e.blocks)",
                e.validTrials.map(String.init) ?? "–", e.medianLatencyMs.map { String(format: "%.0f", $0) } ?? "–",
                e.runMedianLatencyMs.isEmpty ? "–" : e.runMedianLatencyMs.map { $0.map { String(format: "%.0f", $0) } ?? "–" }.joined(separator: " "),
            ]
        }
        let header = strings(.scoresColumns).components(separatedBy: "|")
        let widths = header.indices.map { c in ([header] + rows).map { $0[c].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        return
            ([
                strings(.scoresHeader, title, history.participant), line(header),
            ] + rows.map(line)).joined(separator: "\n")
    }
}
