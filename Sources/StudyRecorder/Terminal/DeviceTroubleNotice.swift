import Foundation

/// One change in the device's condition worth telling the person at the terminal while `record` or
/// `run` goes on: the link lost, back, the battery low, the headband off or back on the head, data
/// lost. Printed as one line, or as one JSON line (`{"type":"device","event":…}`) with `--json`.
struct DeviceTroubleNotice: Encodable, Equatable {
    /// What happened, as a stable word for scripts.
    enum Event: String, Encodable {
        case linkLost = "link_lost"
        case linkBack = "link_back"
        case batteryLow = "battery_low"
        case batteryOK = "battery_ok"
        case offHead = "off_head"
        case onHead = "on_head"
        case dataLost = "data_lost"
        case corruptPackets = "corrupt_packets"
    }

    let type = "device"
    /// What happened.
    var event: Event
    /// The line a person reads.
    var message: String
    /// When, on the recording clock (seconds since the epoch; `nil` where the event has no time).
    var time: Double?
    /// The battery level in per cent, when known.
    var battery: Double?
    /// Samples lost so far on the EEG stream, and in how many gaps.
    var missingRows: Int64?
    var gaps: Int?
    /// Packets discarded as corrupt so far.
    var corruptPackets: Int?

    /// The line for the terminal, after `prefix` ("device: ", in the participant's language).
    func line(prefix: String = "device: ") -> String { prefix + message }
}
