/// Fills `#name#` placeholders in announcement and instruction texts, on the device only (the server
/// never sees a participant's name). The same names as the reference app: `#patientName#`,
/// `#helperName#`, `#ofPatient#`, `#possessivePatient#`, `#participant#`, `#helper#`, `#of#`, `#your#`,
/// plus any extra values given.
public struct Placeholders: Sendable, Equatable {
    /// The participant's name.
    public var patientName: String
    /// The helper's (caregiver's) name.
    public var helperName: String
    /// Whether a helper operates the device (changes `#ofPatient#` and `#possessivePatient#`).
    public var hasHelper: Bool
    /// The language for the localizable words (`en`, `de`).
    public var language: String
    /// More placeholders (name without `#` → value), e.g. `blockDuration`.
    public var extra: [String: String]

    /// Values for filling texts; names default to the reference app's "Participant" and "Helper".
    public init(patientName: String? = nil, helperName: String? = nil, hasHelper: Bool = false, language: String = "en", extra: [String: String] = [:]) {
        self.patientName = patientName ?? "Participant"
        self.helperName = helperName ?? "Helper"
        self.hasHelper = hasHelper
        self.language = language
        self.extra = extra
    }

    private var words: (participant: String, helper: String, of: String, your: String) {
        language.lowercased().hasPrefix("de") ? ("Teilnehmer", "Helfer", "von", "dein") : ("participant", "helper", "of", "your")
    }

    /// `text` with every known placeholder replaced, and the placeholders left over (unknown names).
    public func fill(_ text: String) -> (text: String, unknown: [String]) {
        let w = words
        var values: [String: String] = [
            "patientName": patientName, "helperName": helperName,
            "ofPatient": hasHelper ? "\(w.of) \(patientName)" : "",
            "possessivePatient": hasHelper ? (language.lowercased().hasPrefix("de") ? "\(patientName)s" : "\(patientName)'s") : w.your,
            "participant": w.participant, "helper": w.helper, "of": w.of, "your": w.your,
        ]
        values.merge(extra) { $1 }
        var result = text
        for (name, value) in values { result = result.replacingOccurrences(of: "#\(name)#", with: value) }
        var unknown: [String] = []
        var rest = result[...]
        while let open = rest.firstIndex(of: "#") {
            let after = rest.index(after: open)
            guard let close = rest[after...].firstIndex(of: "#") else { break }
            let name = rest[after..<close]
            if !name.isEmpty && name.allSatisfy({ $0.isLetter || $0.isNumber }) { unknown.append(String(name)) }
            rest = rest[rest.index(after: close)...]
        }
        return (result, unknown)
    }
}
