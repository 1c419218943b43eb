import Foundation
import Synchronization

/// The headband's control channel: it reads the commands written to the control characteristic,
/// answers each with a JSON object cut into control fragments, keeps the preset, and says when
/// streaming is to start or stop. A classic Muse answers `v1`, `s`, `h`, `d`, its presets, `k`, `*1`,
/// `L0` and `L1`; an Athena `v6`, `s`, `h`, its presets, `dc001` (streaming starts at the second),
/// `L0`, `L1` and `k`; anything else gets result code 69.
struct SimulatedControlChannel {
    /// What a command asks of the streams.
    enum Action: Equatable {
        /// Start streaming.
        case start
        /// Stop streaming.
        case stop
    }

    /// What a command does: the streams' action (taken before the reply goes out) and the reply's
    /// control fragments, to be sent in order.
    struct Response: Equatable {
        var action: Action? = nil
        var fragments: [[UInt8]] = []
    }

    private let headband: SimulatedHeadband
    private let configuration: SimulatedHeadband.Configuration
    /// The current preset, without the "p".
    private(set) var preset: String
    /// An Athena: whether the first `dc001` came (streaming starts at the second).
    private var armed = false
    /// With ``SimulatedHeadband/Configuration/packsControlReplies``: the last partial fragment of the
    /// last reply, waiting to share a notification with the next one until ``carryDeadline``.
    private var carry: [UInt8] = []
    /// When the waiting fragment goes out alone.
    private(set) var carryDeadline: UInt64?

    /// The control channel of `headband`, at its power-on preset.
    init(headband: SimulatedHeadband) {
        self.headband = headband
        configuration = headband.configuration
        preset = configuration.preset
    }

    /// Starts a connection: no reply waits, an Athena is not armed.
    mutating func connect() {
        armed = false
        carry = []
        carryDeadline = nil
    }

    /// Whether the preset streams PPG.
    var hasPPG: Bool { preset == "50" || preset == "51" }
    /// Whether the preset streams the right AUX channel.
    var hasAux: Bool { preset == "20" || preset == "50" }

    /// Answers the control write `value` (a length byte, the command, maybe a newline) at `now`, when
    /// the headband streams or not; a malformed write gets no answer.
    mutating func handle(_ value: [UInt8], isStreaming: Bool, now: UInt64) -> Response {
        guard let length = value.first, Int(length) <= value.count - 1, length > 0 else { return Response() }
        var body = Array(value[1...Int(length)])
        if body.last == 0x0A { body.removeLast() }
        let command = String(decoding: body, as: UTF8.self)
        headband.shared.withLock { $0.log.commands.append(command) }
        let (action, json) =
            configuration.includesAthena ? athenaCommand(command, isStreaming: isStreaming) : classicCommand(command, isStreaming: isStreaming)
        return Response(action: action, fragments: reply(json, now: now))
    }

    /// The classic Muse's answer to `command`.
    private mutating func classicCommand(_ command: String, isStreaming: Bool) -> (Action?, String) {
        let ok = "{\"rc\":0}"
        switch command {
        case "v1" where configuration.recordedReplies.contains(where: { $0.contains("\"fw\"") }):
            return (nil, configuration.recordedReplies.first { $0.contains("\"fw\"") } ?? "")
        case "s" where configuration.recordedReplies.contains(where: { $0.contains("\"sn\"") }):
            // The recorded status, marked as played back (a real headband's has no `sim`).
            let status = configuration.recordedReplies.first { $0.contains("\"sn\"") } ?? "{}"
            let marked = status.replacingOccurrences(of: "\"sim\":\"generated\"", with: "\"sim\":\"replay\"")
            return (nil, marked.contains("\"sim\"") ? marked : String(marked.dropLast()) + ",\"sim\":\"replay\"}")
        case "v1":
            return (
                nil,
                "{\"ap\":\"headset\",\"sp\":\"RevE\",\"tp\":\"consumer\",\"hw\":\"3.1\",\"bn\":27,\"fw\":\"1.2.13\",\"bl\":\"1.2.3\",\"pv\":1,\"rc\":0}"
            )
        case "s":
            let battery = headband.shared.withLock { $0.batteryPercent }
            let presetNumber = Int(preset, radix: 16) ?? 0
            return (
                nil,
                "{\"hn\":\"\(configuration.deviceName)\",\"sn\":\"\(headband.serialNumber)\",\"ma\":\"\(headband.macAddress)\","
                    + "\"id\":\"00000000 00000000 00000000\",\"bp\":\(Int(battery.rounded())),\"ts\":0,\"ps\":\(presetNumber),\"rc\":0,"
                    + "\"sim\":\"\(simulation)\"}"
            )
        case "h":
            return (.stop, ok)
        case "d":
            return (isStreaming ? nil : .start, ok)
        case "k", "*1", "L0", "L1":
            return (nil, ok)
        case "p20", "p21", "p22", "p50", "p51":
            setPreset(command)
            return (nil, ok)
        default:
            return (nil, "{\"rc\":69}")
        }
    }

    /// The Athena's answer to `command`.
    private mutating func athenaCommand(_ command: String, isStreaming: Bool) -> (Action?, String) {
        let ok = "{\"rc\":0}"
        switch command {
        case "v6":
            return (nil, "{\"fw\":\"3.0.21\",\"hw\":\"MS-03\",\"bn\":21,\"tp\":\"consumer\",\"rc\":0}")
        case "s":
            let battery = headband.shared.withLock { $0.batteryPercent }
            return (
                nil,
                "{\"hn\":\"\(configuration.deviceName)\",\"sn\":\"\(headband.serialNumber)\",\"ma\":\"\(headband.macAddress)\","
                    + "\"bp\":\(Int(battery.rounded())),\"rc\":0,\"sim\":\"\(simulation)\"}"
            )
        case "h":
            armed = false
            return (.stop, ok)
        case "dc001":
            guard armed else {
                armed = true
                return (nil, ok)
            }
            return (isStreaming ? nil : .start, ok)
        case "L0", "L1", "k":
            return (nil, ok)
        default:
            guard command.hasPrefix("p"), (try? AthenaPreset(parsing: command)) != nil else { return (nil, "{\"rc\":69}") }
            setPreset(command)
            return (nil, ok)
        }
    }

    /// Switches to preset `command` ("p" and the preset) and logs it.
    private mutating func setPreset(_ command: String) {
        preset = String(command.dropFirst())
        let current = preset
        headband.shared.withLock { $0.log.preset = current }
    }

    /// What the status reply's `sim` field says (a real headband has no such field): `replay` while
    /// playing a capture, `generated` otherwise; the recorder stores it as the recording's source.
    private var simulation: String { configuration.athenaReplay == nil && configuration.classicReplay == nil ? "generated" : "replay" }

    /// `json` as 20-byte control fragments; with ``SimulatedHeadband/Configuration/packsControlReplies``
    /// the last partial fragment waits (until 100 ms after `now`) to share a notification with the
    /// next reply.
    private mutating func reply(_ json: String, now: UInt64) -> [[UInt8]] {
        var bytes = carry + Array(json.utf8)
        carry = []
        carryDeadline = nil
        var fragments: [[UInt8]] = []
        while bytes.count >= 19 {
            fragments.append(MusePacketEncoder.controlFragment(bytes.prefix(19)))
            bytes.removeFirst(19)
        }
        guard !bytes.isEmpty else { return fragments }
        if configuration.packsControlReplies {
            carry = bytes
            carryDeadline = now + 100_000_000
        } else {
            fragments.append(MusePacketEncoder.controlFragment(bytes[...]))
        }
        return fragments
    }

    /// The waiting fragment, once its deadline has passed by `now`.
    mutating func flush(now: UInt64) -> [UInt8]? {
        guard let deadline = carryDeadline, now >= deadline else { return nil }
        let bytes = carry
        carry = []
        carryDeadline = nil
        return bytes.isEmpty ? nil : MusePacketEncoder.controlFragment(bytes[...])
    }
}
