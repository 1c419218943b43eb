/// One JSON object from the control characteristic, classified by its keys.
///
/// The headband does not tag its replies, so the kind is told from the keys: `fw`/`hw`/`bn` mean a
/// `v1` reply, `hn`/`sn`/`bp`/`ps` a status; anything else (usually a bare `{"rc":0}`
/// acknowledgement) is ``acknowledgement(resultCode:)`` or ``other(_:)``.
package enum MuseControlReply: Sendable, Equatable {
    /// A `v1` reply.
    case deviceInfo(MuseDeviceInfo)
    /// An `s` reply.
    case status(MuseStatus)
    /// An object with only a result code, e.g. `{"rc":0}` after `h`, `d` or a preset.
    case acknowledgement(resultCode: Int?)
    /// A JSON object of another shape, kept as text.
    case other(String)

    /// Classifies one object from ``ControlReplyAssembler``; `nil` when it is not valid JSON.
    package init?(json: String) {
        guard let fields = JSONFields(json: json) else { return nil }
        let keys = fields.keys
        if !keys.isDisjoint(with: ["fw", "hw", "bn", "bl"]), let info = MuseDeviceInfo(json: json) {
            self = .deviceInfo(info)
        } else if !keys.isDisjoint(with: ["hn", "sn", "bp", "ps"]), let status = MuseStatus(json: json) {
            self = .status(status)
        } else if keys == ["rc"] {
            self = .acknowledgement(resultCode: fields.int("rc"))
        } else {
            self = .other(json)
        }
    }
}
