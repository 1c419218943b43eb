import DataSources
import Foundation
import Storage
import TestSupport
import Testing
import Typesetting

@testable import Study

/// Both example studies, run in every locale they declare with a scripted participant: everything
/// the participant is shown (consent, questionnaires, preparation, trial prompts, cues, statuses) is
/// filled and in the participant's language, and the texts the study defines all appear.
struct ExampleStudiesShownTextsTests {
    /// A `#name#` pair left in a shown text.
    static func placeholderLeft(in text: String) -> String? {
        text.range(of: "#[A-Za-z0-9_]+#", options: .regularExpression).map { String(text[$0]) }
    }

    /// Enrols and runs sessions until every distinct session of the study ran once, jumping to the
    /// next day when one is due (days close 12 h after their first item); returns what was shown.
    static func runEverySession(
        _ name: String, locale: String, answers: [String: String], until wanted: Set<String>? = nil
    ) async throws -> (StudyDefinition, [String]) {
        let dir = try TemporaryDirectory("shown-\(name)-\(locale)")
        let store = try DataStore(root: dir.url)
        let study = try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent(name))
        let interface = ScriptedInterface(answers: answers, speed: 200)
        var time = Date(timeIntervalSince1970: 1_800_000_000)
        func runner(_ options: RunnerOptions) -> StudyRunner {
            StudyRunner(
                study: study, store: store, interface: interface, options: options,
                makeSource: { OscillatorSource(configuration: .init(pacing: .speed(200))) }, consentTypesetter: ConsentPDFTypesetter())
        }
        // Enrolment names the locale; later runs give none and must use the enrolled one.
        _ = try await runner(RunnerOptions(locale: locale, speed: 200, automatic: true, clock: FixedStudyClock(time), uploadAfterSession: false))
            .enroll(name: "Hans")
        var remaining = wanted ?? Set(study.sessions.keys)
        for _ in 0..<(study.items.count + study.days.count) where !remaining.isEmpty {
            let report = try await runner(RunnerOptions(speed: 200, automatic: true, clock: FixedStudyClock(time), uploadAfterSession: false))
                .runNextSession()
            try #require(report.state == .completed || report.state == .waiting, "\(report)")
            if let session = report.session { remaining.remove(session) }
            // Once every session of the day ran at least once, jump past the day's window.
            let day = (report.day ?? 0) - 1
            if report.state == .waiting || (study.days.indices.contains(day) && study.days[day].sessions.allSatisfy { !remaining.contains($0) }) {
                time = time.addingTimeInterval(13 * 3600)
            }
        }
        #expect(remaining.isEmpty, "never ran \(remaining)")
        return (study, interface.transcript)
    }

    // One test per locale (each over both studies) rather than one over both: running every session
    // takes the longest of the in-process tests, and `make test-fast` deals tests, not their cases,
    // to its shards.
    @Test(arguments: ["mynd-example", "reaction-time"])
    func nothingShownInEnglishHasAPlaceholderLeft(_ name: String) async throws {
        try await Self.nothingShownHasAPlaceholderLeftAndEveryLocaleIsSpoken(name, "en")
    }

    @Test(arguments: ["mynd-example", "reaction-time"])
    func nothingShownInGermanHasAPlaceholderLeftAndGermanIsSpoken(_ name: String) async throws {
        try await Self.nothingShownHasAPlaceholderLeftAndEveryLocaleIsSpoken(name, "de")
    }

    static func nothingShownHasAPlaceholderLeftAndEveryLocaleIsSpoken(_ name: String, _ locale: String) async throws {
        let (study, shown) = try await Self.runEverySession(name, locale: locale, answers: ["tts": locale == "de" ? "ja" : "yes"])
        for screen in shown {
            #expect(Self.placeholderLeft(in: screen) == nil, "\(screen)")
        }
        // A fixation cross is looked at, not spoken.
        #expect(!shown.contains { $0.hasPrefix("(cue) +") || $0.hasPrefix("(bell) +") })
        // The study's own texts: its description, the consent page summaries, the day titles, the
        // session texts.
        if let description = study.description {
            #expect(shown.contains { $0.contains(study.render(description, locale: locale)) }, "description missing")
        }
        for page in study.consent.pages {
            if let summary = page.summary {
                #expect(shown.contains { $0.contains(study.render(summary, locale: locale)) }, "summary missing")
            }
        }
        let dayTitle = try #require(study.days[0].title).resolved(for: locale, defaultLocale: study.defaultLocale)
        #expect(shown.contains { $0.hasPrefix(dayTitle + " · ") })
        for session in study.sessions.values {
            guard let text = session.text else { continue }
            let start = String(text.resolved(for: locale, defaultLocale: study.defaultLocale).prefix { $0 != "#" })
            #expect(shown.contains { $0.contains(start) }, "session text '\(start)' never shown")
        }
        // The runtime's own words follow the locale.
        let progress = RuntimeStrings(locale: locale)(.trialProgress, 1, 2, 1, "")
        #expect(shown.contains { $0.hasPrefix(String(progress.prefix(while: { $0 != "1" }))) })
        if locale == "de" { #expect(!shown.contains { $0.hasPrefix("block ") || $0.hasPrefix("signal:") }) }
    }

    /// A participant who answers the reserved `tts` question with "no" (here by the choice's German
    /// text) gets the bell instead of speech.
    @Test func theReadAloudPreferenceIsHonoured() async throws {
        let (_, shown) = try await Self.runEverySession("mynd-example", locale: "de", answers: ["tts": "nein"], until: ["rest"])
        #expect(shown.contains { $0.hasPrefix("(bell) ") })
        #expect(!shown.contains { $0.hasPrefix("(cue) ") })
    }

    /// Every text of both studies, in every locale, renders with nothing left over when the session's
    /// values and a trial's generator values are given.
    @Test(arguments: ["mynd-example", "reaction-time"])
    func everyTextOfTheFileRendersCompletely(_ name: String) throws {
        let study = try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent(name))
        let data = try Data(contentsOf: FixturePaths.studies.appendingPathComponent("\(name)/study.json"))
        var strings: [String] = []
        func collect(_ value: Any) {
            if let text = value as? String { strings.append(text) }
            if let list = value as? [Any] { list.forEach(collect) }
            if let object = value as? [String: Any] { object.values.forEach(collect) }
        }
        collect(try JSONSerialization.jsonObject(with: data))
        for locale in study.locales {
            var values = PlaceholderValues(locale: locale, names: ParticipantNames(patientName: "Anna", helperName: "Hans"))
            values.day = 1
            values.sessionTitle = "S"
            values.blockMinutes = 3
            values.remainingMinutes = 9
            values.nextDayOpens = Date(timeIntervalSince1970: 1_800_000_000)
            var filled = values.dictionary
            for generator in TrialGenerator.allCases { for name in generator.placeholders { filled[name] = "7" } }
            for text in strings where text.contains("#") {
                let shown = study.render(LocalizedText(text), locale: locale, values: filled)
                #expect(Self.placeholderLeft(in: shown) == nil, "\(text) → \(shown)")
            }
        }
    }
}
