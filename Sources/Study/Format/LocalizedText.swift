/// A text shown or spoken to the participant, either the same in every locale (a plain JSON string)
/// or one translation per locale (a JSON object such as `{"en": "Relax", "de": "Entspannen"}`).
///
/// Translations are inline so that a study is one file that can be validated as a whole; see
/// ``resolved(for:defaultLocale:)`` for the fallback rule.
package struct LocalizedText: Sendable, Hashable, Codable {
    /// The text used for every locale, when the study gave a plain string.
    package var universal: String?
    /// The translations by locale code (`en`, `de`, `de-AT`), when the study gave an object.
    package var translations: [String: String]

    /// A text that is the same in every locale.
    package init(_ universal: String) {
        self.universal = universal
        self.translations = [:]
    }

    /// A text with one translation per locale.
    package init(translations: [String: String]) {
        self.universal = nil
        self.translations = translations
    }

    /// The text for `locale`: the exact locale, then its language part (`de` for `de-AT`), then
    /// `defaultLocale`, then the alphabetically first translation, so a text is never empty because a
    /// translation is missing.
    package func resolved(for locale: String, defaultLocale: String) -> String {
        if let universal { return universal }
        if let exact = translations[locale] { return exact }
        if let dash = locale.firstIndex(where: { $0 == "-" || $0 == "_" }),
            let language = translations[String(locale[..<dash])]
        {
            return language
        }
        if let fallback = translations[defaultLocale] { return fallback }
        return translations.keys.sorted().first.flatMap { translations[$0] } ?? ""
    }

    /// Every variant of the text (the universal one or all translations), for checks over all of them.
    package var allVariants: [String] {
        if let universal { return [universal] }
        return translations.keys.sorted().compactMap { translations[$0] }
    }

    /// Decodes a plain string or an object of translations.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let plain = try? container.decode(String.self) {
            self.init(plain)
        } else {
            self.init(translations: try container.decode([String: String].self))
        }
    }

    /// Encodes as a plain string or an object of translations, as it was given.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let universal {
            try container.encode(universal)
        } else {
            try container.encode(translations)
        }
    }
}
