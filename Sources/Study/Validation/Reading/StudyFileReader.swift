/// Turns the positioned JSON tree of a study file into a ``StudyDefinition``, checking types, ranges,
/// required and unknown keys field by field. Cross-references, marker collisions and placeholders
/// are checked afterwards by ``StudyChecker`` on the result.
final class StudyFileReader {
    /// Reports errors.
    let reader: DocumentReader
    /// The study's locales, once read (texts are checked against them).
    var locales: [String] = []
    /// The default locale, once read.
    var defaultLocale: String?
    /// Every text read, with where it was and which generator values its context fills.
    var textRecords: [TextRecord] = []
    /// The generator of the trial type being read, whose placeholders its texts may use.
    var currentGenerator: TrialGenerator?
    /// True while reading the named texts of `$.texts`.
    var readingNamedTexts = false

    /// A text and its place, kept for the placeholder check.
    struct TextRecord {
        var text: LocalizedText
        var path: JSONPath
        var position: SourcePosition
        var generator: TrialGenerator?
        var isNamedText: Bool
    }

    init(reader: DocumentReader) { self.reader = reader }

    /// The top-level keys of a study file.
    static let topLevelKeys = (
        required: ["formatVersion", "id", "title", "locales", "defaultLocale", "consent", "sessions", "days"],
        optional: [
            "description", "settings", "texts", "preparations", "trialTypes", "questionnaires", "dataset",
            "monitoring", "reminders",
        ]
    )

    /// Reads the whole study, or returns `nil` when any part is wrong.
    func readStudy(_ root: JSONNode) -> StudyDefinition? {
        guard
            let fields = reader.object(
                root, .root, what: "a study", required: Self.topLevelKeys.required, optional: Self.topLevelKeys.optional)
        else { return nil }
        let version = fields.required("formatVersion") { node, path in
            reader.integer(
                node, path, what: "format version \(StudyModule.formatVersion) (this build reads versions 1…\(StudyModule.formatVersion))",
                in: 1...StudyModule.formatVersion)
        }
        let id = fields.required("id") { node, path -> String? in
            let text = reader.string(node, path, what: "a study id")
            if let text, !text.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) {
                reader.report(node, path, "a study id of lower-case letters, digits and '-' (not '\(text)')")
                return nil
            }
            return text
        }
        readLocales(fields)
        let title = fields.required("title", localized)
        let description = fields.optional("description", localized)
        let settings = fields.value("settings", default: StudySettings.defaults, readSettings)
        readingNamedTexts = true
        let texts = fields.value("texts", default: [:]) { node, path in
            namedEntries(node, path, what: "named texts", read: localized)
        }
        readingNamedTexts = false
        let consent = fields.required("consent", readConsent)
        let preparations = fields.value("preparations", default: [:]) { node, path in
            namedEntries(node, path, what: "named preparations") { node, path in
                reader.array(node, path, what: "a list of preparation steps", nonEmpty: true).flatMap { elements in
                    collect(elements.map { readPreparationStep($0.node, $0.path) })
                }
            }
        }
        let trialTypes = fields.value("trialTypes", default: [:]) { node, path in
            namedEntries(node, path, what: "named trial types", read: readTrialType)
        }
        let questionnaires = fields.value("questionnaires", default: [:]) { node, path in
            namedEntries(node, path, what: "named questionnaires", read: readQuestionnaire)
        }
        let sessions = fields.required("sessions") { node, path in
            namedEntries(node, path, what: "named sessions", nonEmpty: true, read: readSession)
        }
        let days = fields.required("days") { node, path in
            reader.array(node, path, what: "the list of days", nonEmpty: true).flatMap { elements in
                collect(elements.map { readDay($0.node, $0.path) })
            }
        }
        let dataset = fields.optional("dataset", readDataset)
        let monitoring = fields.optional("monitoring", readMonitoring)
        let reminders = fields.optional("reminders", readReminders)
        guard let version, let id, let title, let defaultLocale, let settings, let texts, let consent,
            let preparations, let trialTypes, let questionnaires, let sessions, let days, !fields.failed
        else { return nil }
        return StudyDefinition(
            formatVersion: version, id: id, title: title, description: description, locales: locales,
            defaultLocale: defaultLocale, settings: settings, texts: texts, consent: consent, preparations: preparations,
            trialTypes: trialTypes, questionnaires: questionnaires, sessions: sessions, days: days, dataset: dataset, monitoring: monitoring,
            reminders: reminders)
    }

    /// Reads `locales` and `defaultLocale` first, since every text is checked against them.
    private func readLocales(_ fields: ObjectFields) {
        let list = fields.required("locales") { node, path in
            reader.array(node, path, what: "the list of locales", nonEmpty: true).flatMap { elements in
                collect(elements.map { readLocaleCode($0.node, $0.path) })
            }
        }
        locales = list ?? []
        if let list, let node = fields.node("locales"), Set(list).count != list.count {
            reader.report(node, fields.path.appending("locales"), "each locale listed once")
        }
        defaultLocale = fields.required("defaultLocale") { node, path -> String? in
            guard let code = reader.string(node, path, what: "a locale code") else { return nil }
            if list != nil && !locales.contains(code) {
                reader.report(node, path, "one of the study's locales \(locales.map { "'\($0)'" }.joined(separator: ", ")) (not '\(code)')")
                return nil
            }
            return code
        }
    }

    /// Reads one locale code.
    private func readLocaleCode(_ node: JSONNode, _ path: JSONPath) -> String? {
        guard let code = reader.string(node, path, what: "a locale code") else { return nil }
        guard Self.isLocaleCode(code) else {
            reader.report(node, path, "a locale code such as 'en', 'de' or 'de-AT' (not '\(code)')")
            return nil
        }
        return code
    }

    /// Whether `code` looks like `en`, `de`, `de-AT` or `pt-BR`.
    static func isLocaleCode(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (2...3).contains(parts[0].count),
            parts[0].allSatisfy({ ("a"..."z").contains($0) })
        else { return false }
        if parts.count == 2 { return parts[1].count == 2 && parts[1].allSatisfy { ("A"..."Z").contains($0) } }
        return true
    }

    /// Reads a localized text: a plain string, or an object of translations whose keys are study
    /// locales and that includes the default locale.
    func localized(_ node: JSONNode, _ path: JSONPath) -> LocalizedText? {
        let text: LocalizedText
        switch node.value {
        case .string:
            guard let plain = reader.string(node, path, what: "a text") else { return nil }
            text = LocalizedText(plain)
        case .object(let members):
            var translations: [String: String] = [:]
            var ok = true
            for member in members {
                let memberPath = path.appending(member.key)
                if !locales.isEmpty && !locales.contains(member.key) {
                    reader.report(
                        member.keyPosition, memberPath,
                        "a translation for one of the study's locales \(locales.map { "'\($0)'" }.joined(separator: ", ")) ('\(member.key)' is not one)"
                    )
                    ok = false
                } else if let value = reader.string(member.value, memberPath, what: "a translated text") {
                    translations[member.key] = value
                } else {
                    ok = false
                }
            }
            if let defaultLocale, translations[defaultLocale] == nil, ok {
                reader.report(node, path, "a translation for the default locale '\(defaultLocale)' (other locales fall back to it)")
                ok = false
            }
            guard ok else { return nil }
            text = LocalizedText(translations: translations)
        default:
            reader.report(
                node, path, "a text: a string or an object of translations such as {\"en\": …, \"de\": …}, not \(node.value.kindDescription)")
            return nil
        }
        textRecords.append(
            TextRecord(text: text, path: path, position: node.position, generator: currentGenerator, isNamedText: readingNamedTexts))
        return text
    }

    /// Reads an object of named entries, each with `read`.
    func namedEntries<T>(
        _ node: JSONNode, _ path: JSONPath, what: String, nonEmpty: Bool = false, read: (JSONNode, JSONPath) -> T?
    ) -> [String: T]? {
        guard let entries = reader.dictionary(node, path, what: what) else { return nil }
        if nonEmpty && entries.isEmpty { reader.report(node, path, "at least one entry in \(what)") }
        var result: [String: T] = [:]
        var ok = true
        for entry in entries {
            if let value = read(entry.node, entry.path) { result[entry.key] = value } else { ok = false }
        }
        return ok ? result : nil
    }

    /// All values, or `nil` if any is `nil` (every element is still read, so all errors are reported).
    func collect<T>(_ values: [T?]) -> [T]? {
        let present = values.compactMap { $0 }
        return present.count == values.count ? present : nil
    }
}
