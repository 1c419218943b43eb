import Foundation
import TestSupport
import Testing

@testable import Study

/// One file of the broken-study corpus and the error it must produce.
struct BrokenCase: Sendable, CustomStringConvertible {
    var name: String
    var line: Int
    var column: Int
    var path: String
    var expected: String

    init(_ name: String, _ line: Int, _ column: Int, _ path: String, _ expected: String) {
        self.name = name
        self.line = line
        self.column = column
        self.path = path
        self.expected = expected
    }

    var description: String { name }
}

/// The corpus of broken study files (`Fixtures/broken/`): each names one distinct mistake and must
/// produce its documented error, with file, line, column, path and expectation, and never crash.
struct BrokenStudyCorpusTests {
    static let cases: [BrokenCase] = [
        // file, line, column, JSON path, expected (the first error reported for the file)
        BrokenCase(
            "bad-date-bound", 152, 23, "$.questionnaires.mood.questions[3].earliest",
            "a date as YYYY-MM-DD or an offset from today such as '-18y', '-6m', '+0d' (not '100 years ago')"),
        BrokenCase("bad-locale-code", 10, 5, "$.locales[1]", "a locale code such as 'en', 'de' or 'de-AT' (not 'DE')"),
        BrokenCase(
            "bad-signing-fingerprint", 25, 29, "$.settings.announcements.signingFingerprint",
            "an OpenPGP key fingerprint of 40 (or 64) hex digits, spaces allowed (not '3F2A 91C0')"),
        BrokenCase("bad-study-id", 3, 9, "$.id", "a study id of lower-case letters, digits and '-' (not 'My Study')"),
        BrokenCase("blank-text", 159, 16, "$.sessions.rest.title", "a text that is not empty"),
        BrokenCase(
            "choice-question-without-choices", 133, 9, "$.questionnaires.mood.questions[2].choices",
            "the key 'choices' in a question of kind 'singleChoice' (it is required but missing)"),
        BrokenCase("default-locale-not-listed", 12, 20, "$.defaultLocale", "one of the study's locales 'en', 'de' (not 'fr')"),
        BrokenCase(
            "duplicate-choice-value", 143, 24, "$.questionnaires.mood.questions[2].choices[1].value",
            "a choice value not already used by $.questionnaires.mood.questions[2].choices[0].value (1)"),
        BrokenCase("duplicate-locale", 8, 14, "$.locales", "each locale listed once"),
        BrokenCase(
            "duplicate-question-id", 134, 17, "$.questionnaires.mood.questions[2].id",
            "a question id not already used by $.questionnaires.mood.questions[0].id ('mood')"),
        BrokenCase(
            "duplicate-step-id", 56, 15, "$.preparations.start[1].id", "a step id not already used in this preparation ('connect' is also step 0)"),
        BrokenCase(
            "foreperiod-max-below-min", 98, 22, "$.trialTypes.open.phases[3].task.foreperiod.max", "a maximum foreperiod not below the minimum 3"),
        BrokenCase(
            "fractional-marker", 77, 21, "$.trialTypes.open.phases[0].marker",
            "a marker code from 1 to 2147483647 (codes ≤ 0 are reserved) as a whole number (got 310.5)"),
        BrokenCase(
            "generator-placeholder-without-generator", 75, 19, "$.trialTypes.open.phases[0].text",
            "placeholders that are filled here: #subtractFrom# is only filled in a trial type with the matching 'generator'"),
        BrokenCase(
            "instruction-without-text", 119, 9, "$.questionnaires.mood.questions[0].text",
            "a text or title in an instruction (it has nothing else to show)"),
        BrokenCase(
            "jitter-longer-than-duration", 87, 21, "$.trialTypes.open.phases[2].jitter",
            "a jitter of at most the duration 5 s, so the phase never gets a negative length (got 6)"),
        BrokenCase(
            "key-not-allowed-for-question-kind", 132, 11, "$.questionnaires.mood.questions[1].choices",
            "one of the keys 'id', 'kind', 'title', 'text', 'optional', 'integer', 'maximum', 'minimum', 'unit' in a question of kind 'numeric' ('choices' is not a key of a question of kind 'numeric')"
        ),
        BrokenCase("mains-frequency", 15, 23, "$.settings.mainsFrequency", "a mains frequency of 50 or 60 (Hz) (got 55)"),
        BrokenCase(
            "marker-collision-in-session", 110, 21, "$.trialTypes.closed.phases[2].marker",
            "a marker code that means one event within session 'rest': 330 also marks $.trialTypes.open.phases[2].marker (line 88, column 21)"),
        BrokenCase(
            "marker-collision-in-trial", 88, 21, "$.trialTypes.open.phases[2].marker",
            "a marker code not already used in this trial type: 320 also marks $.trialTypes.open.phases[1].marker (line 82, column 21)"),
        BrokenCase(
            "missing-default-translation", 31, 14, "$.consent.title", "a translation for the default locale 'en' (other locales fall back to it)"),
        BrokenCase(
            "missing-phase-marker", 106, 9, "$.trialTypes.closed.phases[2].marker", "the key 'marker' in a phase (it is required but missing)"),
        BrokenCase(
            "named-text-shadows-builtin", 29, 20, "$.texts.patientName", "a text name that is not a built-in placeholder ('patientName' is one)"),
        BrokenCase("negative-repeat", 180, 21, "$.sessions.rest.blocks[0].repeat", "a repeat count from 1 to 100 (got -1)"),
        BrokenCase("no-days", 194, 11, "$.days", "at least one entry in the list of days"),
        BrokenCase("not-an-object", 1, 1, "$", "a study as an object, not an array"),
        BrokenCase("openpgp-without-recipients", 16, 19, "$.settings.encryption.recipients", "at least one recipient when the mode is 'openpgp'"),
        BrokenCase(
            "paradigm-count-mismatch", 167, 29, "$.sessions.rest.paradigm.conditionMarkers", "one condition marker per condition label (2), got 1"),
        BrokenCase(
            "paradigm-marker-not-written", 173, 11, "$.sessions.rest.paradigm.baseMarkers[1]",
            "a marker that a phase of session 'rest' writes (411 is written by none of its trial types 'closed', 'open')"),
        BrokenCase(
            "question-kind-wrong-case", 121, 19, "$.questionnaires.mood.questions[0].kind",
            "a question kind: one of 'instruction', 'text', 'singleChoice', 'multipleChoice', 'likert', 'slider', 'date', 'numeric' (not 'Likert')"),
        BrokenCase("range-maximum-not-above-minimum", 131, 22, "$.questionnaires.mood.questions[1].maximum", "a maximum above the minimum 0 (got 0)"),
        BrokenCase(
            "relaxed-threshold-not-below-threshold", 63, 31, "$.preparations.start[1].quality.relaxedThreshold",
            "a relaxed threshold below the threshold 100 (got 100)"),
        BrokenCase(
            "relaxed-threshold-without-timeout", 55, 7, "$.preparations.start[1].timeout",
            "a timeout after which the quality threshold relaxes to 'relaxedThreshold'"),
        BrokenCase(
            "reserved-marker", 77, 21, "$.trialTypes.open.phases[0].marker", "a marker code from 1 to 2147483647 (codes ≤ 0 are reserved) (got 0)"),
        BrokenCase(
            "session-kind-keys", 156, 7, "$.sessions.mood.blocks",
            "one of the keys 'kind', 'title', 'questionnaire', 'text' in a questionnaire session ('blocks' is not a key of a questionnaire session)"),
        BrokenCase("slider-step-larger-than-range", 153, 19, "$.questionnaires.mood.questions[3].step", "a step no larger than the range 10"),
        BrokenCase(
            "syntax-bad-escape", 51, 36, "$.preparations.start[0].instruction", "one of the escapes \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"),
        BrokenCase("syntax-duplicate-key", 4, 3, "$.id", "a key not already used in this object ('id' is also at 3:3)"),
        BrokenCase("syntax-empty-file", 1, 1, "$", "a value, not the end of the document"),
        BrokenCase("syntax-trailing-comma", 23, 3, "$.settings", "another key after ',' (no trailing commas in JSON)"),
        BrokenCase(
            "syntax-unterminated-string", 5, 26, "$.title.en",
            "a closing '\"' before the end of the line (a string cannot span lines; write \\n for a line break)"),
        BrokenCase(
            "task-markers-collide", 103, 31, "$.trialTypes.open.phases[3].task.responseMarker",
            "a marker code not already used in this trial type: 350 also marks $.trialTypes.open.phases[3].task.stimulusMarker (line 102, column 31)"),
        BrokenCase(
            "task-on-a-prompt", 78, 19, "$.trialTypes.open.phases[0].task", "no 'task' in a phase of kind 'prompt' (only kind 'task' runs a task)"),
        BrokenCase(
            "task-phase-without-task", 79, 9, "$.trialTypes.open.phases[1].task",
            "the key 'task' in a phase of kind 'task' (it says which task to run)"),
        BrokenCase(
            "text-not-a-string", 4, 12, "$.title", "a text: a string or an object of translations such as {\"en\": …, \"de\": …}, not a number"),
        BrokenCase(
            "too-many-selections", 162, 28, "$.questionnaires.mood.questions[3].maxSelections",
            "0 ≤ minSelections ≤ maxSelections ≤ 2 (the number of choices)"),
        BrokenCase(
            "undefined-preparation", 192, 24, "$.sessions.rest.betweenBlocks",
            "the name of a preparation in $.preparations ('start'); 'checkUp' is not defined"),
        BrokenCase(
            "undefined-questionnaire", 155, 24, "$.sessions.mood.questionnaire",
            "the name of a questionnaire in $.questionnaires ('mood'); 'moods' is not defined"),
        BrokenCase(
            "undefined-session", 204, 9, "$.days[1].sessions[1]", "the name of a session in $.sessions ('mood', 'rest'); 'music' is not defined"),
        BrokenCase(
            "undefined-trial-type", 189, 23, "$.sessions.rest.blocks[0].trials[2].type",
            "the name of a trial type in $.trialTypes ('closed', 'open'); 'music' is not defined"),
        BrokenCase(
            "unknown-consent-topic", 34, 18, "$.consent.pages[0].topic",
            "a consent topic: one of 'overview', 'dataGathering', 'privacy', 'dataUse', 'timeCommitment', 'studySurvey', 'studyTasks', 'withdrawing', 'custom' (not 'risks')"
        ),
        BrokenCase(
            "unknown-duration", 81, 23, "$.trialTypes.open.phases[1].duration",
            "a duration: seconds (0 to 3600), \"untilAcknowledged\" or \"untilSpoken\" (not 'forever')"),
        BrokenCase(
            "unknown-locale-in-text", 45, 7, "$.consent.agreementPhrase.fr",
            "a translation for one of the study's locales 'en', 'de' ('fr' is not one)"),
        BrokenCase(
            "unknown-phase-key", 83, 11, "$.trialTypes.open.phases[1].colour",
            "one of the keys 'kind', 'duration', 'marker', 'text', 'jitter', 'task' in a phase ('colour' is not a key of a phase)"),
        BrokenCase(
            "unknown-phase-kind", 80, 19, "$.trialTypes.open.phases[1].kind",
            "a phase kind: one of 'prompt', 'fixation', 'pause', 'task' (not 'video')"),
        BrokenCase(
            "unknown-placeholder", 98, 19, "$.trialTypes.closed.phases[0].text.en",
            "a known placeholder: a built-in (#blockDuration#, #day#, #helper#, #helperName#, #nextDayOpens#, #of#, #ofPatient#, #participant#, #patientName#, #possessivePatient#, #sessionTitle#, #youHaveTimeRemaining#, #your#) or a name from $.texts (#participantName# is neither)"
        ),
        BrokenCase("unknown-report-mode", 23, 15, "$.settings.report", "a report mode: one of 'none', 'afterEachSession' (not 'always')"),
        BrokenCase("unknown-task-type", 95, 21, "$.trialTypes.open.phases[3].task.type", "a task type: one of 'reactionTime' (not 'goNoGo')"),
        BrokenCase(
            "unknown-top-level-key", 207, 3, "$.author",
            "one of the keys 'formatVersion', 'id', 'title', 'locales', 'defaultLocale', 'consent', 'sessions', 'days', 'description', 'settings', 'texts', 'preparations', 'trialTypes', 'questionnaires', 'dataset', 'monitoring', 'reminders' in a study ('author' is not a key of a study)"
        ),
        BrokenCase("unsupported-format-version", 2, 20, "$.formatVersion", "format version 1 (this build reads versions 1…1) (got 2)"),
        BrokenCase(
            "until-spoken-without-text", 73, 9, "$.trialTypes.open.phases[0].text",
            "a text in a phase that lasts 'untilSpoken' (there is nothing to speak)"),
        BrokenCase(
            "wait-for-non-gating-state", 52, 20, "$.preparations.start[0].waitFor",
            "a device signal to wait for: one of 'connected', 'onHead', 'goodSignalFront', 'goodSignalBack', 'goodSignal' (not 'batteryLow')"),
        BrokenCase(
            "wrong-type-day-window", 14, 23, "$.settings.dayWindowHours",
            "a day window in hours, more than 0 and at most 336 (two weeks), not a string"),
    ]

    @Test(arguments: cases)
    func brokenFileProducesItsDocumentedError(_ broken: BrokenCase) throws {
        let url = FixturePaths.broken.appendingPathComponent("\(broken.name).json")
        let file = "broken/\(broken.name).json"
        let result = StudyValidator.validate(bytes: Array(try Data(contentsOf: url)), file: file)
        guard case .failure(let failure) = result else {
            Issue.record("\(broken.name) validated although it is broken")
            return
        }
        let first = try #require(failure.errors.first)
        #expect(first.file == file)
        #expect(first.line == broken.line)
        #expect(first.column == broken.column)
        #expect(first.path == broken.path)
        #expect(first.message == broken.expected)
        #expect(first.description == "\(file):\(broken.line):\(broken.column): \(broken.path): expected \(broken.expected)")
    }

    @Test func everyFixtureIsInTheTableAndTheTableHasNoDuplicates() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: FixturePaths.broken.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        #expect(Set(files) == Set(Self.cases.map(\.name)))
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
        // At least 20 distinct mistakes: distinct (path, expectation) pairs.
        #expect(Set(Self.cases.map { "\($0.path)|\($0.expected)" }).count >= 20)
    }

    @Test func theDocumentedCatalogueMatchesTheTable() throws {
        let doc = try FixturePaths.text(ProjectPaths.root.appendingPathComponent("docs/study-format.md"))
        for broken in Self.cases {
            let row =
                "| `\(broken.name)` (\(broken.line):\(broken.column)) | `\(broken.path)` | "
                + broken.expected.replacingOccurrences(of: "|", with: "\\|") + " |"
            #expect(doc.contains(row), "docs/study-format.md lacks: \(row)")
        }
    }

    @Test func theBaseOfTheCorpusIsValid() throws {
        let result = StudyValidator.validate(text: try FixturePaths.text(FixturePaths.minimal), file: "minimal.json")
        if case .failure(let failure) = result { Issue.record("minimal.json is invalid:\n\(failure)") }
    }
}
