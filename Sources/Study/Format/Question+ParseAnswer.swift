public import Foundation

extension Question {
    /// Parses what the participant typed (or an `--answers` file gave) for this question and checks
    /// it against the question's kind and limits. An empty input skips an optional question.
    /// Returns the typed answer, or what was expected, in the words of `strings`' locale.
    ///
    /// A choice is accepted by its value or by its text in any of the study's locales (case does not
    /// matter); a number may be written with a decimal comma or point.
    package func parseAnswer(
        _ input: String, today: Date = Date(), strings: RuntimeStrings = RuntimeStrings(locale: "en")
    ) -> Result<Answer, AnswerProblem> {
        let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
        if kind == .instruction { return .success(.acknowledged) }
        if text.isEmpty {
            return optional ? .success(.skipped) : .failure(AnswerProblem(strings(.problemRequired)))
        }
        switch kind {
        case .instruction:
            return .success(.acknowledged)
        case .text:
            if let maxLength, text.count > maxLength {
                return .failure(AnswerProblem(strings(.problemMaxLength, maxLength)))
            }
            return .success(.text(text))
        case .singleChoice:
            let values = (choices ?? []).map(\.value)
            guard let value = choiceValue(text), values.contains(value) else {
                return .failure(AnswerProblem(strings(.problemOneOf, choiceList(strings))))
            }
            return .success(.choice(value))
        case .multipleChoice:
            let values = (choices ?? []).map(\.value)
            let parts = text.split(whereSeparator: { $0 == "," || $0 == ";" }).map { $0.trimmingCharacters(in: .whitespaces) }
                .flatMap { part in choiceValue(part) == nil ? part.split(separator: " ").map(String.init) : [part] }
            let picked = parts.compactMap(choiceValue)
            guard picked.count == parts.count, picked.allSatisfy(values.contains), Set(picked).count == picked.count else {
                return .failure(AnswerProblem(strings(.problemDistinct, choiceList(strings))))
            }
            // An exclusive choice ("none of these") is an answer on its own.
            if picked.count > 1, let alone = (choices ?? []).first(where: { $0.exclusive == true && picked.contains($0.value) }) {
                return .failure(
                    AnswerProblem(
                        strings(.problemExclusive, strings.quoted(alone.text.resolved(for: strings.language, defaultLocale: strings.language)))))
            }
            let low = minSelections ?? 0
            let high = maxSelections ?? values.count
            guard (low...high).contains(picked.count) else {
                return .failure(AnswerProblem(strings(.problemSelections, low, high)))
            }
            return .success(.choices(values.filter(picked.contains)))
        case .likert, .slider, .numeric:
            guard let value = Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite else {
                return .failure(AnswerProblem(strings(.problemNumber)))
            }
            let low = minimum ?? -Double.infinity
            let high = maximum ?? Double.infinity
            guard value >= low, value <= high else {
                return .failure(AnswerProblem(strings(.problemRange, strings.number(low), strings.number(high))))
            }
            let wholeOnly = kind == .likert || integer == true
            if wholeOnly && value.rounded() != value { return .failure(AnswerProblem(strings(.problemWhole))) }
            if kind == .slider, let step, let minimum {
                let steps = (value - minimum) / step
                if abs(steps - steps.rounded()) > 1e-9 {
                    return .failure(AnswerProblem(strings(.problemStep, strings.number(step), strings.number(minimum))))
                }
            }
            return .success(.number(value))
        case .date:
            guard let bound = DateBound(text), case .fixed = bound, let date = bound.date(relativeTo: today) else {
                return .failure(AnswerProblem(strings(.problemDate)))
            }
            if let earliest = earliest.flatMap(DateBound.init)?.date(relativeTo: today), date < earliest {
                return .failure(AnswerProblem(strings(.problemOnOrAfter, Self.day(earliest))))
            }
            if let latest = latest.flatMap(DateBound.init)?.date(relativeTo: today), date > latest {
                return .failure(AnswerProblem(strings(.problemOnOrBefore, Self.day(latest))))
            }
            return .success(.date(text))
        }
    }

    /// The value of the choice `text` names: its value, or its text in any locale (ignoring case).
    private func choiceValue(_ text: String) -> Int? {
        if let value = Int(text) { return value }
        let wanted = text.lowercased()
        return choices?.first { $0.text.allVariants.contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == wanted } }?.value
    }

    /// The choices as "1 (yes), 0 (no)", in the words of the runtime's language.
    private func choiceList(_ strings: RuntimeStrings) -> String {
        (choices ?? []).map { "\($0.value) (\($0.text.resolved(for: strings.language, defaultLocale: strings.language)))" }.joined(separator: ", ")
    }

    private static func day(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }
}
