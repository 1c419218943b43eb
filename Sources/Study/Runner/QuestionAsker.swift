import Foundation
import Storage

/// Asks questionnaire questions through a ``ParticipantInterface`` until each has a valid answer, and
/// converts the answers into the typed values stored on disk.
struct QuestionAsker {
    let study: StudyDefinition
    let locale: String
    let values: [String: String]
    let interface: any ParticipantInterface
    let automatic: Bool

    /// The runtime's own words (hints, refusals) in the questionnaire's locale.
    private var strings: RuntimeStrings { RuntimeStrings(locale: locale) }

    /// Asks every question; instructions are shown and acknowledged but not stored.
    func ask(_ questions: [Question]) async throws -> [QuestionnaireAnswer] {
        var answers: [QuestionnaireAnswer] = []
        for question in questions {
            try Task.checkCancellation()
            let title = question.title.map { study.render($0, locale: locale, values: values) }
            let text = question.text.map { study.render($0, locale: locale, values: values) }
            if question.kind == .instruction {
                await interface.show(text ?? "", title: title)
                if !automatic { try await interface.acknowledge(strings(.pressEnter)) }
                continue
            }
            var lines = [text].compactMap { $0 }
            for choice in question.choices ?? [] {
                lines.append("  \(choice.value)) \(study.render(choice.text, locale: locale, values: values))")
            }
            if let hint = hint(for: question) { lines.append(hint) }
            await interface.show(lines.joined(separator: "\n"), title: title)
            var problem: String?
            while true {
                // The question's text stands on the screen above: the prompt repeats only a title.
                var input = try await interface.ask(title ?? "", id: question.id, problem: problem)
                if input.isEmpty && automatic && !question.optional { input = defaultInput(for: question) }
                switch question.parseAnswer(input, strings: strings) {
                case .success(let answer):
                    answers.append(QuestionnaireAnswer(id: question.id, type: question.kind.rawValue, value: Self.stored(answer, question: question)))
                    problem = nil
                case .failure(let why):
                    problem = strings(.pleaseAnswer, why.expected)
                }
                if problem == nil { break }
            }
        }
        return answers
    }

    /// What the answer looks like, as one sentence in the locale's words and number format ("Type a
    /// number from 0 to 10, or press Enter to skip."); every form it names is one
    /// ``Question/parseAnswer(_:today:strings:)`` accepts, and an optional question says it may be
    /// skipped.
    func hint(for q: Question) -> String? {
        let form: String
        switch q.kind {
        case .likert, .slider, .numeric:
            let low = q.minimum.map(strings.number) ?? "", high = q.maximum.map(strings.number) ?? ""
            let labels = [q.minimumLabel, q.maximumLabel].map { $0.map { study.render($0, locale: locale, values: values) } }
            let ends = (labels[0] != nil || labels[1] != nil) ? " " + strings(.hintNumberEnds, labels[0] ?? low, labels[1] ?? high) : ""
            let unit = q.unit.map { " " + study.render($0, locale: locale, values: values) } ?? ""
            let range: String
            switch (q.minimum, q.maximum) {
            case (nil, nil): range = strings(.hintAnyNumber)
            default: range = strings(.hintNumber, low.isEmpty ? "−∞" : low, high.isEmpty ? "∞" : high)
            }
            form = range + unit + ends
        case .date: form = strings(.hintDate)
        case .singleChoice: form = strings(.hintChoice)
        case .multipleChoice:
            let exclusive = (q.choices ?? []).filter { $0.exclusive == true }.map { study.render($0.text, locale: locale, values: values) }
            let sentence = "  " + strings(q.optional ? .hintTypeOrSkip : .hintType, strings(.hintChoices))
            guard !exclusive.isEmpty else { return sentence }
            return sentence + " " + strings(.hintExclusive, exclusive.map(strings.quoted).joined(separator: ", "))
        default: return q.optional ? "  " + strings(.hintSkip) : nil
        }
        return "  " + strings(q.optional ? .hintTypeOrSkip : .hintType, form)
    }

    /// A valid answer for an unanswered required question in automatic runs: the first choice, the
    /// scale's middle, the latest allowed date.
    private func defaultInput(for q: Question) -> String {
        switch q.kind {
        case .singleChoice: return (q.choices?.first?.value).map(String.init) ?? ""
        case .multipleChoice: return (q.choices ?? []).prefix(max(1, q.minSelections ?? 1)).map { String($0.value) }.joined(separator: ",")
        case .likert: return format(((q.minimum ?? 1) + (q.maximum ?? 5)) / 2).components(separatedBy: ".")[0]
        case .slider:
            let low = q.minimum ?? 0, step = q.step ?? 1
            return format(low + (((q.maximum ?? low) - low) / 2 / step).rounded(.down) * step)
        case .numeric: return format(q.integer == true ? ((q.minimum ?? 0)).rounded(.up) : (q.minimum ?? 0))
        case .date:
            let latest = q.latest.flatMap(DateBound.init)?.date(relativeTo: Date()) ?? Date()
            let f = ISO8601DateFormatter()
            f.formatOptions = [.withFullDate]
            return f.string(from: latest)
        case .text: return "-"
        case .instruction: return ""
        }
    }

    private func format(_ v: Double) -> String { v.rounded() == v ? String(Int(v)) : String(v) }

    /// The stored form of an answer: numbers as numbers (whole numbers as integers), dates as dates.
    static func stored(_ answer: Answer, question: Question) -> AnswerValue {
        switch answer {
        case .acknowledged: .boolean(true)
        case .skipped: .none
        case .text(let t): .text(t)
        case .choice(let v): .integer(Int64(v))
        case .choices(let v): .choices(v.map(Int64.init))
        case .number(let v):
            (v.rounded() == v && abs(v) < 1e15 && (question.kind == .likert || question.integer == true)) ? .integer(Int64(v)) : .number(v)
        case .date(let d): .date(d)
        }
    }
}
