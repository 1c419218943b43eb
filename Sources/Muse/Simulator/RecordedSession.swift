package import DataSources

/// What a simulated headband plays back of a recording's stored notifications
/// (`/Device/Notifications`, ``DataSources/DeviceNotifications``): its data notifications with their
/// arrival times on the headband's own clock (``lines``, as a capture's), whether they are a Muse S
/// Athena's, and the control channel's replies as the headband sent them (``replies``), which the
/// simulated headband gives again to the same requests.
package struct RecordedSession: Sendable, Equatable {
    /// The data notifications, in the order they arrived, timed by the receive clock.
    package var lines: [AthenaCaptureLine]
    /// Whether they are a Muse S Athena's (273e0013/273e0014); else a classic Muse's.
    package var isAthena: Bool
    /// The control channel's replies, reassembled JSON objects in the order they came.
    package var replies: [String]

    /// The session `stored` holds, or `nil` when it holds no data notification of a Muse.
    package init?(_ stored: DeviceNotifications) {
        var athena: [AthenaCaptureLine] = []
        var classic: [AthenaCaptureLine] = []
        var assembler = ControlReplyAssembler()
        var replies: [String] = []
        for e in stored.entries {
            let line = AthenaCaptureLine(hostTime: Double(e.receiveClock) / 1e9, characteristic: e.channel, payload: Array(e.bytes))
            if line.isAthenaData {
                athena.append(line)
            } else if let kind = MuseCharacteristic(uuidString: line.characteristic) {
                if kind == .control {
                    replies += assembler.append(line.payload)
                } else {
                    classic.append(line)
                }
            }
        }
        guard !athena.isEmpty || !classic.isEmpty else { return nil }
        isAthena = !athena.isEmpty
        lines = isAthena ? athena : classic
        self.replies = replies
    }

    /// The recorded reply holding `key` (e.g. `"fw"` of the version, `"sn"` of the status), if any.
    package func reply(holding key: String) -> String? { replies.first { $0.contains("\"\(key)\"") } }
}
