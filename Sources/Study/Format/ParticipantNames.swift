/// The names texts address: the participant, and a helper (caregiver) if one assists. Fills the
/// reference's name placeholders, so texts can say "your headband" to a participant alone and
/// "Ada's headband" to a helper.
package struct ParticipantNames: Sendable, Hashable, Codable {
    /// How the participant is addressed (from enrolment).
    package var patientName: String
    /// The helper's name, or `nil` when the participant is alone.
    package var helperName: String?

    /// Creates the names.
    package init(patientName: String, helperName: String? = nil) {
        self.patientName = patientName
        self.helperName = helperName
    }

    /// Values for `#patientName#`, `#helperName#`, `#ofPatient#`, `#possessivePatient#`, and the
    /// reference's words `#participant#`, `#helper#`, `#of#` and `#your#`, in `locale` (English words
    /// for locales other than `de`).
    package func placeholderValues(locale: String) -> [String: String] {
        let german = locale == "de" || locale.hasPrefix("de-") || locale.hasPrefix("de_")
        let hasHelper = helperName != nil
        let possessive: String
        if hasHelper {
            if german {
                let last = patientName.last.map { String($0).lowercased() } ?? ""
                possessive = ["s", "ß", "x", "z"].contains(last) ? "\(patientName)’" : "\(patientName)s"
            } else {
                possessive = patientName.hasSuffix("s") ? "\(patientName)’" : "\(patientName)’s"
            }
        } else {
            possessive = german ? "dein" : "your"
        }
        return [
            "patientName": patientName,
            "helperName": helperName ?? patientName,
            "ofPatient": hasHelper ? (german ? "von \(patientName)" : "of \(patientName)") : "",
            "possessivePatient": possessive,
            "participant": german ? "Teilnehmende Person" : "participant",
            "helper": german ? "Begleitperson" : "helper",
            "of": german ? "von" : "of",
            "your": german ? "dein" : "your",
        ]
    }
}
