import Foundation

extension Question {
    /// Parses what the participant typed (or an `--answers` file gave) for this question and checks
    /// it against the question's kind and limits. An empty input skips an optional question.
    /// Returns the typed answer, or what was expected.
    public func parseAnswer(_ input: String, today: Date = Date()) -> Result<Answer, AnswerProblem> {
        let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
        if kind == .instruction { return .success(.acknowledged) }
        if text.isEmpty {
            return optional ? .success(.skipped) : .failure(AnswerProblem("an answer (this question is not optional)"))
        }
        switch kind {
        case .instruction:
            return .success(.acknowledged)
        case .text:
            if let maxLength, text.count > maxLength {
                return .failure(AnswerProblem("at most \(maxLength) characters"))
            }
            return .success(.text(text))
        case .singleChoice:
            let values = (choices ?? []).map(\.value)
            guard let value = Int(text), values.contains(value) else {
                return .failure(AnswerProblem("one of \(values.map(String.init).joined(separator: ", "))"))
            }
            return .success(.choice(value))
        case .multipleChoice:
            let values = (choices ?? []).map(\.value)
            let parts = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            let picked = parts.compactMap(Int.init)
            guard picked.count == parts.count, picked.allSatisfy(values.contains), Set(picked).count == picked.count else {
                return .failure(AnswerProblem("distinct values among \(values.map(String.init).joined(separator: ", ")), separated by commas"))
            }
            let low = minSelections ?? 0
            let high = maxSelections ?? values.count
            guard (low...high).contains(picked.count) else {
                return .failure(AnswerProblem("\(low) to \(high) selections"))
            }
            return .success(.choices(values.filter(picked.contains)))
        case .likert, .slider, .numeric:
            guard let value = Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite else {
                return .failure(AnswerProblem("a number"))
            }
            let low = minimum ?? -Double.infinity
            let high = maximum ?? Double.infinity
            guard value >= low, value <= high else {
                return .failure(AnswerProblem("a number from \(Self.format(low)) to \(Self.format(high))"))
            }
            let wholeOnly = kind == .likert || integer == true
            if wholeOnly && value.rounded() != value { return .failure(AnswerProblem("a whole number")) }
            if kind == .slider, let step, let minimum {
                let steps = (value - minimum) / step
                if abs(steps - steps.rounded()) > 1e-9 {
                    return .failure(AnswerProblem("a value in steps of \(Self.format(step)) from \(Self.format(minimum))"))
                }
            }
            return .success(.number(value))
        case .date:
            guard let bound = DateBound(text), case .fixed = bound, let date = bound.date(relativeTo: today) else {
                return .failure(AnswerProblem("a date as YYYY-MM-DD"))
            }
            if let earliest = earliest.flatMap(DateBound.init)?.date(relativeTo: today), date < earliest {
                return .failure(AnswerProblem("a date on or after \(Self.day(earliest))"))
            }
            if let latest = latest.flatMap(DateBound.init)?.date(relativeTo: today), date > latest {
                return .failure(AnswerProblem("a date on or before \(Self.day(latest))"))
            }
            return .success(.date(text))
        }
    }

    private static func format(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func day(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }
}
