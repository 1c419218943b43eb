import Foundation
import Storage

/// The checks that need the whole study: references between its parts, marker collisions, paradigm
/// markers and placeholders. Runs on a study that was read without errors; reports through the same
/// ``DocumentReader`` so positions come from the file.
struct StudyChecker {
    let study: StudyDefinition
    let root: JSONNode
    let reader: DocumentReader
    let textRecords: [StudyFileReader.TextRecord]

    /// Runs every check.
    func run() {
        checkNamedTexts()
        checkReferences()
        checkTrialTypeMarkers()
        checkSessionMarkers()
        checkPlaceholders()
        checkDateBounds()
        checkSessionSizes()
        checkParticipantColumns()
    }

    /// The most runs (files) one session may unroll to, and the most trials it may hold: far above
    /// any real protocol (the reference's sessions have 3 blocks of at most 10 trials), far below a
    /// session that could never be finished or would exhaust memory when expanded.
    static let maximumBlocksPerSession = 100
    /// See ``maximumBlocksPerSession``.
    static let maximumTrialsPerSession = 10_000

    /// The position of `path`, or of its nearest existing ancestor.
    func position(_ path: JSONPath) -> SourcePosition {
        var components = path.components
        while true {
            if let node = root.node(at: JSONPath(components: components)) { return node.position }
            if components.isEmpty { return root.position }
            components.removeLast()
        }
    }

    private func report(_ path: JSONPath, _ expected: String) { reader.report(position(path), path, expected) }

    /// Where `path` is, for naming the other place of a collision.
    private func place(_ path: JSONPath) -> String { "\(path) (line \(position(path).line), column \(position(path).column))" }

    private func checkNamedTexts() {
        for name in study.texts.keys.sorted() where Placeholders.builtIn.contains(name) {
            report(JSONPath.root.appending("texts").appending(name), "a text name that is not a built-in placeholder ('\(name)' is one)")
        }
    }

    private func listed(_ names: some Sequence<String>) -> String {
        let sorted = names.sorted()
        return sorted.isEmpty ? "none are defined" : sorted.map { "'\($0)'" }.joined(separator: ", ")
    }

    private func checkReferences() {
        let days = JSONPath.root.appending("days")
        for (dayIndex, day) in study.days.enumerated() {
            for (itemIndex, name) in day.sessions.enumerated() where study.sessions[name] == nil {
                report(
                    days.appending(dayIndex).appending("sessions").appending(itemIndex),
                    "the name of a session in $.sessions (\(listed(study.sessions.keys))); '\(name)' is not defined")
            }
        }
        for (name, session) in study.sessions.sorted(by: { $0.key < $1.key }) {
            let path = JSONPath.root.appending("sessions").appending(name)
            if let questionnaire = session.questionnaire, study.questionnaires[questionnaire] == nil {
                report(
                    path.appending("questionnaire"),
                    "the name of a questionnaire in $.questionnaires (\(listed(study.questionnaires.keys))); '\(questionnaire)' is not defined")
            }
            for key in ["preparation", "betweenBlocks"] {
                let value = key == "preparation" ? session.preparation : session.betweenBlocks
                if let value, study.preparations[value] == nil {
                    report(
                        path.appending(key),
                        "the name of a preparation in $.preparations (\(listed(study.preparations.keys))); '\(value)' is not defined")
                }
            }
            for (blockIndex, block) in session.blocks.enumerated() {
                let blockPath = path.appending("blocks").appending(blockIndex)
                let references: [(String, JSONPath)] =
                    block.intro.enumerated().map { ($1, blockPath.appending("intro").appending($0)) }
                    + block.trials.enumerated().map { ($1.type, blockPath.appending("trials").appending($0).appending("type")) }
                    + block.outro.enumerated().map { ($1, blockPath.appending("outro").appending($0)) }
                for (type, referencePath) in references where study.trialTypes[type] == nil {
                    report(
                        referencePath,
                        "the name of a trial type in $.trialTypes (\(listed(study.trialTypes.keys))); '\(type)' is not defined")
                }
            }
        }
        for (name, steps) in study.preparations.sorted(by: { $0.key < $1.key }) {
            var seen: [String: Int] = [:]
            for (index, step) in steps.enumerated() {
                let path = JSONPath.root.appending("preparations").appending(name).appending(index).appending("id")
                if let earlier = seen[step.id] {
                    report(path, "a step id not already used in this preparation ('\(step.id)' is also step \(earlier))")
                }
                seen[step.id] = index
            }
        }
    }

    /// One event a marker code stands for, and where it is defined.
    private struct MarkerUse {
        var meaning: String
        var path: JSONPath
    }

    /// Every marker a trial type writes: phase onsets and task events.
    private func markerUses(of name: String, _ trialType: TrialType) -> [(code: Int32, use: MarkerUse)] {
        let base = JSONPath.root.appending("trialTypes").appending(name).appending("phases")
        var uses: [(code: Int32, use: MarkerUse)] = []
        for (index, phase) in trialType.phases.enumerated() {
            let path = base.appending(index)
            uses.append((phase.marker, MarkerUse(meaning: "\(name)/\(index)", path: path.appending("marker"))))
            if let task = phase.task?.reactionTime {
                let taskPath = path.appending("task")
                for (key, code) in [
                    ("stimulusMarker", task.stimulusMarker), ("responseMarker", task.responseMarker),
                    ("anticipationMarker", task.anticipationMarker), ("missMarker", task.missMarker),
                ] {
                    uses.append((code, MarkerUse(meaning: "\(name)/\(index)/\(key)", path: taskPath.appending(key))))
                }
            }
        }
        return uses
    }

    private func checkTrialTypeMarkers() {
        for (name, trialType) in study.trialTypes.sorted(by: { $0.key < $1.key }) {
            var seen: [Int32: MarkerUse] = [:]
            for (code, use) in markerUses(of: name, trialType) {
                if let earlier = seen[code] {
                    report(use.path, "a marker code not already used in this trial type: \(code) also marks \(place(earlier.path))")
                } else {
                    seen[code] = use
                }
            }
        }
    }

    /// The trial types a session uses, in first-use order.
    private func trialTypeNames(of session: Session) -> [String] {
        var names: [String] = []
        for block in session.blocks {
            for name in block.intro + block.trials.map(\.type) + block.outro where !names.contains(name) {
                names.append(name)
            }
        }
        return names
    }

    private func checkSessionMarkers() {
        var reported = Set<[String]>()
        for (sessionName, session) in study.sessions.sorted(by: { $0.key < $1.key }) where session.kind == .recording {
            var seen: [Int32: MarkerUse] = [:]
            for name in trialTypeNames(of: session) {
                guard let trialType = study.trialTypes[name] else { continue }
                for (code, use) in markerUses(of: name, trialType) {
                    guard let earlier = seen[code] else {
                        seen[code] = use
                        continue
                    }
                    // Within one trial type the trial-type check already reported it.
                    if earlier.meaning.split(separator: "/").first == use.meaning.split(separator: "/").first { continue }
                    let pair = [earlier.path.description, use.path.description].sorted()
                    if reported.insert(pair).inserted {
                        report(
                            use.path,
                            "a marker code that means one event within session '\(sessionName)': \(code) also marks \(place(earlier.path))")
                    }
                }
            }
            guard let paradigm = session.paradigm else { continue }
            let written = Set(seen.keys)
            let paradigmPath = JSONPath.root.appending("sessions").appending(sessionName).appending("paradigm")
            for key in ["conditionMarkers", "baseMarkers"] {
                let codes = key == "conditionMarkers" ? paradigm.conditionMarkers : paradigm.baseMarkers
                for (index, code) in codes.enumerated() where !written.contains(code) {
                    report(
                        paradigmPath.appending(key).appending(index),
                        "a marker that a phase of session '\(sessionName)' writes (\(code) is written by none of its trial types \(listed(trialTypeNames(of: session))))"
                    )
                }
            }
        }
    }

    private func checkPlaceholders() {
        let allGenerated = Set(TrialGenerator.allCases.flatMap(\.placeholders))
        let named = Set(study.texts.keys)
        for record in textRecords {
            let variants: [(String, JSONPath)] =
                if let universal = record.text.universal {
                    [(universal, record.path)]
                } else {
                    record.text.translations.sorted { $0.key < $1.key }.map { ($0.value, record.path.appending($0.key)) }
                }
            let generated = record.generator?.placeholders ?? []
            let scope = PlaceholderScope.of(record.path)
            for (text, path) in variants {
                for name in Placeholders.names(in: text) {
                    if Placeholders.builtIn.contains(name) {
                        if !record.isNamedText && !scope.builtIns.contains(name) { reportOutOfScope(name, via: nil, scope: scope, at: path) }
                        continue
                    }
                    if record.isNamedText {
                        if allGenerated.contains(name) { continue }
                        report(
                            path,
                            "only built-in or generator placeholders inside a named text (#\(name)# is neither; named texts cannot refer to each other)"
                        )
                        continue
                    }
                    if generated.contains(name) { continue }
                    if named.contains(name) {
                        let inner = study.texts[name].map { $0.allVariants.flatMap(Placeholders.names(in:)) } ?? []
                        for innerName in Set(inner).sorted() where Placeholders.builtIn.contains(innerName) && !scope.builtIns.contains(innerName) {
                            reportOutOfScope(innerName, via: name, scope: scope, at: path)
                        }
                        for innerName in Set(inner).sorted() where allGenerated.contains(innerName) && !generated.contains(innerName) {
                            report(
                                path,
                                "placeholders that are filled here: #\(name)# uses #\(innerName)#, which only a trial type with the matching 'generator' fills"
                            )
                        }
                        continue
                    }
                    if allGenerated.contains(name) {
                        report(path, "placeholders that are filled here: #\(name)# is only filled in a trial type with the matching 'generator'")
                        continue
                    }
                    report(
                        path,
                        "a known placeholder: a built-in (\(Placeholders.builtIn.sorted().map { "#\($0)#" }.joined(separator: ", "))) or a name from $.texts (#\(name)# is neither)"
                    )
                }
            }
        }
    }

    /// A built-in placeholder in a text shown where it cannot be filled (a name in the consent, a
    /// session's duration in a day's title).
    private func reportOutOfScope(_ name: String, via namedText: String?, scope: PlaceholderScope, at path: JSONPath) {
        let allowed = scope.builtIns.sorted().map { "#\($0)#" }.joined(separator: ", ")
        let what = namedText.map { "#\($0)# uses #\(name)#" } ?? "#\(name)#"
        report(path, "placeholders that can be filled where this text is shown (\(scope.rawValue) texts know \(allowed); \(what) is not known there)")
    }

    /// Date questions whose earliest date lies after their latest accept no answer at all. Both
    /// bounds are compared as on the day of validation (relative bounds move with the day, so two
    /// relative bounds, or two fixed ones, compare the same on any day).
    private func checkDateBounds() {
        let today = Date()
        var lists: [(JSONPath, [Question])] = [(JSONPath.root.appending("consent").appending("questions"), study.consent.questions)]
        for (name, questionnaire) in study.questionnaires.sorted(by: { $0.key < $1.key }) {
            lists.append((JSONPath.root.appending("questionnaires").appending(name).appending("questions"), questionnaire.questions))
        }
        for (base, questions) in lists {
            for (index, question) in questions.enumerated() where question.kind == .date {
                guard let earliestText = question.earliest, let latestText = question.latest,
                    let earliest = DateBound(earliestText)?.date(relativeTo: today), let latest = DateBound(latestText)?.date(relativeTo: today),
                    earliest > latest
                else { continue }
                report(
                    base.appending(index).appending("latest"),
                    "a latest date on or after the earliest date '\(earliestText)' (got '\(latestText)', which excludes every answer)")
            }
        }
    }

    /// Repeat and trial counts that multiply into a session nobody can finish.
    private func checkSessionSizes() {
        for (name, session) in study.sessions.sorted(by: { $0.key < $1.key }) where session.kind == .recording {
            let blocks = session.blocks.reduce(0) { $0 + max($1.repeatCount, 0) }
            let trials = session.blocks.reduce(0) { $0 + max($1.repeatCount, 0) * $1.trialCount }
            let path = JSONPath.root.appending("sessions").appending(name).appending("blocks")
            if blocks > Self.maximumBlocksPerSession {
                report(path, "at most \(Self.maximumBlocksPerSession) blocks in a session, repeats included (got \(blocks))")
            } else if trials > Self.maximumTrialsPerSession {
                report(path, "at most \(Self.maximumTrialsPerSession) trials in a session, repeats included (got \(trials))")
            }
        }
    }

    /// Each `participants.tsv` column names a defined questionnaire and one of its questions whose
    /// answers may be shared in a table (``ParticipantColumn/allowedKinds``).
    private func checkParticipantColumns() {
        guard let columns = study.dataset?.participantColumns else { return }
        let base = JSONPath.root.appending("dataset").appending("participantColumns")
        for (index, column) in columns.enumerated() {
            let path = base.appending(index)
            guard let questionnaire = study.questionnaires[column.questionnaire] else {
                report(
                    path.appending("questionnaire"),
                    "the name of a questionnaire in $.questionnaires (\(listed(study.questionnaires.keys))); '\(column.questionnaire)' is not defined"
                )
                continue
            }
            guard let question = questionnaire.questions.first(where: { $0.id == column.question }) else {
                report(
                    path.appending("question"),
                    "the id of a question of questionnaire '\(column.questionnaire)' (\(listed(questionnaire.questions.map(\.id)))); '\(column.question)' is not one"
                )
                continue
            }
            if !ParticipantColumn.allowedKinds.contains(question.kind) {
                report(
                    path.appending("question"),
                    "a question with a choice, scale or number answer (question '\(column.question)' is \(question.kind.rawValue): a shared table holds no free text or dates)"
                )
            }
        }
    }
}
