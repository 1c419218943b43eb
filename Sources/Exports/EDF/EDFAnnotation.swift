import Foundation

/// One EDF+ annotation: a time-stamped annotation list (TAL) entry `+onset[\u{15}duration]\u{14}text\u{14}`,
/// with onset and duration in seconds from the start of the file. The text is UTF-8 (EDF+ allows it in
/// annotations); the separators the format uses (0x14, 0x15, 0x00) are replaced by spaces.
package struct EDFAnnotation: Sendable, Equatable {
    /// Seconds from the first sample.
    package var onset: Double
    /// Seconds, when the annotation spans time (gaps do).
    package var duration: Double?
    /// What happened, e.g. `eyesClosed/fixation` or `BAD_ACQ_SKIP`.
    package var text: String

    /// Creates an annotation.
    package init(onset: Double, duration: Double? = nil, text: String) {
        self.onset = onset
        self.duration = duration
        self.text = text
    }

    /// The annotation MNE (and MNE-BIDS) read as "no data were acquired here": spans of lost samples.
    package static let acquisitionSkip = "BAD_ACQ_SKIP"

    /// The TAL bytes, ending in 0x00.
    var tal: [UInt8] {
        var out = Array(Self.seconds(onset, signed: true).utf8)
        if let duration { out += [0x15] + Array(Self.seconds(duration, signed: false).utf8) }
        let clean = String(text.unicodeScalars.map { [0x00, 0x14, 0x15].contains($0.value) ? " " : Character($0) })
        out += [0x14] + Array(clean.utf8) + [0x14, 0x00]
        return out
    }

    /// The time-keeping TAL that must open every data record's annotation block: the record's onset
    /// with an empty text.
    static func timeKeeping(_ onset: Double) -> [UInt8] {
        Array(seconds(onset, signed: true).utf8) + [0x14, 0x14, 0x00]
    }

    /// Seconds as plain decimal text (at most microsecond precision, no exponent, trailing zeros cut),
    /// with a leading `+` for onsets.
    static func seconds(_ value: Double, signed: Bool) -> String {
        var text = String(format: "%.6f", abs(value))
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return signed ? (value < 0 ? "-" : "+") + text : text
    }
}
