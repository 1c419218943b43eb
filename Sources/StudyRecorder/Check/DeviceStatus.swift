import DataSources
import Foundation

/// What `check` shows about the device besides the signal: battery, whether it sits on the head,
/// how often the link dropped, and how much data was lost (a headband's packet loss).
struct DeviceStatus: Encodable {
    /// Battery level in percent; nil for a source without one.
    var battery: Double?
    /// Whether the headband sits on the head; nil until the source says.
    var onHead: Bool?
    /// Whether the battery is below the warning level.
    var batteryLow: Bool?
    /// Whether the link is down right now (a loss the source reconnects from; never the run's end).
    var disconnected = false
    /// Whether the run has ended and the source closed the link on purpose.
    var ended = false
    /// Reconnections so far.
    var reconnects = 0
    /// How complete the EEG stream is so far.
    var continuity: StreamContinuity?
    /// Packets the source discarded as corrupt (``DiscardedPackets``): never samples, never a gap.
    var corruptPackets = 0

    enum CodingKeys: String, CodingKey {
        case battery
        case onHead = "on_head"
        case batteryLow = "battery_low"
        case corruptPackets = "corrupt_packets"
        case disconnected, reconnects, ended
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(battery, forKey: .battery)
        try c.encode(onHead, forKey: .onHead)
        try c.encode(batteryLow, forKey: .batteryLow)
        try c.encode(disconnected, forKey: .disconnected)
        try c.encode(reconnects, forKey: .reconnects)
        try c.encode(ended, forKey: .ended)
        try c.encode(corruptPackets, forKey: .corruptPackets)
    }

    /// The conditions `check` shows (the others describe the connection's start and end).
    static let shown: Set<DeviceState> = [.onHead, .batteryLow, .disconnected, .reconnected]

    /// Takes the controller's closing flip (``DataController/closingFlip``): the run ended, the link
    /// was closed on purpose, nothing is lost.
    mutating func end() {
        ended = true
        disconnected = false
    }

    /// Takes a device condition change.
    mutating func take(_ change: DeviceStateChange) {
        switch change.state {
        case .onHead: onHead = change.value
        case .batteryLow: batteryLow = change.value
        case .disconnected: disconnected = change.value
        case .reconnected:
            disconnected = false
            if change.value { reconnects += 1 }
        default: break
        }
    }

    /// One line for the terminal, or nil when there is nothing to say (a source without device facts
    /// and no loss so far).
    var line: String? {
        var parts: [String] = []
        if let battery { parts.append(String(format: "battery %.0f %%", battery) + (batteryLow == true ? " (low: charge soon)" : "")) }
        if let onHead { parts.append(onHead ? "on head" : "OFF HEAD") }
        if ended {
            parts.append("link closed (check ended)")
        } else if disconnected {
            parts.append("DISCONNECTED, reconnecting")
        }
        if reconnects > 0 { parts.append("reconnected \(reconnects)×") }
        if corruptPackets > 0 { parts.append("\(corruptPackets) corrupt packet\(corruptPackets == 1 ? "" : "s") discarded") }
        if let c = continuity, c.expectedRows > 0 {
            parts.append(String(format: "data lost %.2f %%", c.lostFraction * 100) + (c.gaps > 0 ? " (\(Counted.text(c.gaps, "gap")))" : ""))
        }
        return parts.isEmpty ? nil : "device: " + parts.joined(separator: ", ")
    }
}
