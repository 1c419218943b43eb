import Foundation

extension StudyDefinition {
    /// The study locale that serves `requested`: the same code, or the same language (`de` for
    /// `de-AT`, `de-AT` for `de`); `nil` when the study is not written for that language at all, so
    /// `--locale fr` on a study in English and German is refused instead of silently showing English.
    public func locale(serving requested: String) -> String? {
        func language(_ tag: String) -> String { String(tag.lowercased().prefix { $0 != "-" && $0 != "_" }) }
        let normalized = requested.replacingOccurrences(of: "_", with: "-")
        if let exact = locales.first(where: { $0.lowercased() == normalized.lowercased() }) { return exact }
        return locales.first { language($0) == language(normalized) }
    }
}
