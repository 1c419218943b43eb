public import Foundation

/// A bound of a date question: a fixed calendar date (`2000-01-31`) or an offset from the day the
/// question is answered (`-100y`, `-18y`, `-6m`, `+0d`), so a birth-date item stays valid for years.
package enum DateBound: Sendable, Hashable {
    /// A fixed date.
    case fixed(year: Int, month: Int, day: Int)
    /// An offset from today in days, months or years.
    case relative(amount: Int, unit: Calendar.Component)

    /// Parses the study-file form; `nil` if it is neither form.
    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        {
            self = .fixed(year: year, month: month, day: day)
            return
        }
        guard let sign = text.first, sign == "+" || sign == "-", let unitCharacter = text.last, text.count >= 3,
            let amount = Int(text.dropFirst().dropLast())
        else { return nil }
        let unit: Calendar.Component
        switch unitCharacter {
        case "d": unit = .day
        case "m": unit = .month
        case "y": unit = .year
        default: return nil
        }
        self = .relative(amount: sign == "-" ? -amount : amount, unit: unit)
    }

    /// The date this bound stands for, answered on `today` (UTC calendar).
    package func date(relativeTo today: Date) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        switch self {
        case .fixed(let year, let month, let day):
            return calendar.date(from: DateComponents(year: year, month: month, day: day))
        case .relative(let amount, let unit):
            return calendar.date(byAdding: unit, value: amount, to: today)
        }
    }
}
