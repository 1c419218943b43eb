import DataSources
public import Storage

/// A recording's ``Provenance`` as the file formats carry it inside the file (docs/formats.md,
/// "Provenance in the exports"): the original's `/Provenance` attribute names with text values, in a
/// fixed order, plus `ParticipantData` (`yes`, or `no` for demonstration data) and, for demonstration
/// data, `NotParticipantData` (why). EDF+ writes them as one annotation at 0 s, XDF as a
/// `<provenance>` element in each stream header's `<desc>`, the CSV folder as `provenance.csv`.
package struct ExportedProvenance: Sendable, Equatable {
    /// The fields, in order: `Source`, `ScriptedParticipant`, `Speed`, `SoftwareVersion`,
    /// `DecoderVersion`, `CommandLine` (when stored; its words joined by spaces), `ParticipantData`,
    /// `NotParticipantData` (demonstration data only).
    package var fields: [(name: String, value: String)]

    /// The fields of `provenance`.
    package init(_ provenance: Provenance) {
        typealias P = RecordingFormat.Provenance
        var fields: [(name: String, value: String)] = [
            (P.source, (provenance.source ?? .other).rawValue), (P.scriptedParticipant, provenance.scriptedParticipant ? "1" : "0"),
            (P.speed, Self.number(provenance.speed)), (P.softwareVersion, provenance.softwareVersion),
            (P.decoderVersion, provenance.decoderVersion ?? P.noDecoder),
        ]
        if let line = provenance.commandLine { fields.append((P.commandLine, line.joined(separator: " "))) }
        fields.append(("ParticipantData", provenance.isDemonstration ? "no" : "yes"))
        if let reason = provenance.demonstrationReason { fields.append(("NotParticipantData", reason)) }
        self.fields = fields
    }

    package static func == (a: ExportedProvenance, b: ExportedProvenance) -> Bool {
        a.fields.map(\.name) == b.fields.map(\.name) && a.fields.map(\.value) == b.fields.map(\.value)
    }

    /// The prefix of the EDF+ annotation.
    package static let annotationPrefix = "StudyRecorder provenance: "

    /// The EDF+ annotation text: the prefix, then `Name=value` pairs joined by `; `
    /// (`StudyRecorder provenance: Source=oscillator; ScriptedParticipant=0; Speed=20; …`).
    package var annotation: String {
        Self.annotationPrefix + fields.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// A whole number without a fraction (`20`), any other as Swift prints it (`0.5`).
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
