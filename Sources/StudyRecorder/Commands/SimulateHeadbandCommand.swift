import ArgumentParser
import Foundation
import Muse
import StudyRecorderKit

/// `study-recorder simulate-headband unix:PATH`: a simulated Muse headband for demos, training and
/// scripted tests without hardware; `--source muse --device unix:PATH` connects to it.
struct SimulateHeadbandCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate-headband",
        abstract: "Serve a simulated Muse headband on a Unix socket until Ctrl-C.",
        discussion: """
            The simulated headband speaks the Muse's Bluetooth protocol (ATT over a Unix SOCK_SEQPACKET \
            socket, one PDU per packet) and streams a deterministic signal, so every other command can \
            run against it with --source muse --device unix:PATH. With --speed N it streams N times faster \
            than real time; give the recorder the same --speed. The fault options reproduce what real \
            headbands do (lost blocks, a hang, a dropped link, electrodes off, movement, low battery). \
            As a Muse S Athena (--model athena, --replay CAPTURE or an Athena's recording) a "block" in the fault options is a data \
            notification, numbered from 0 per connection, and the corrupt, garbage and clock faults act \
            on its packets (device time and block numbers); its EEG is the same simulated head (eyes \
            closed and electrodes off included), but movement is not simulated for it. Exit codes: 0 after Ctrl-C, SIGTERM or --duration, 73 when the socket cannot be created, 64 for \
            bad arguments. See docs/muse.md.
            """)

    @Argument(help: ArgumentHelp("Where to listen: unix:PATH (or a plain path).", valueName: "unix:PATH"))
    var address: String

    @Option(help: "Advertised device name.")
    var name = "Muse-1324"

    @Option(help: "Preset at power-on (the recorder sets its own): p20, p21, p50 or p51; for an Athena one of its presets (default p1041).")
    var preset: String?

    @Option(help: "The headband model: classic (Muse 2016/2/S gen 1–2) or athena (Muse S Athena, MS-03).")
    var model: SimulatedModel = .classic

    @Option(
        help: ArgumentHelp(
            "Play this capture (lines of ISO-8601 time, characteristic UUID, hex payload) as a Muse S Athena, or a Muse recording's stored notifications (a .h5 file, as the headband it was recorded from), with its original timing.",
            valueName: "capture.txt|recording.h5"))
    var replay: String?

    @Option(help: "Stream this many times faster than real time.")
    var speed: Double = 1

    @Option(help: "Battery level in percent (below 20 the recorder warns of a low battery).")
    var battery: Double = 82

    @Option(help: "Seed of the signal's noise.")
    var seed: UInt64 = 1

    @Option(help: "Stop after this much (host) time, e.g. 30s; default: until Ctrl-C.", transform: SignalDuration.parse)
    var duration: SignalDuration?

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("EEG packet counters whose blocks are never sent (an Athena: data notification numbers).", valueName: "counter"))
    var dropBlocks: [UInt16] = []

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "EEG packet counters whose blocks are sent after the next block (an Athena: data notification numbers).", valueName: "counter"))
    var lateBlocks: [UInt16] = []

    @Option(help: ArgumentHelp("Close the first connection after this many EEG blocks (a dropped link).", valueName: "blocks"))
    var disconnectAfter: Int?

    @Option(help: ArgumentHelp("Stop streaming after this many EEG blocks of the first connection but keep the link (a hang).", valueName: "blocks"))
    var silentAfter: Int?

    @Option(help: ArgumentHelp("Electrodes off the skin from this second of signal on, for --off-head-for seconds.", valueName: "seconds"))
    var offHeadAt: Double?

    @Option(help: ArgumentHelp("How long the electrodes stay off (with --off-head-at).", valueName: "seconds"))
    var offHeadFor: Double = 10

    @Option(
        help: ArgumentHelp(
            "Eyes closed (alpha rises, no blinks) from this second of signal on, for --eyes-closed-for seconds, then every --eyes-closed-every seconds.",
            valueName: "seconds"))
    var eyesClosedAt: Double?

    @Option(help: ArgumentHelp("How long the eyes stay closed (with --eyes-closed-at).", valueName: "seconds"))
    var eyesClosedFor: Double = 30

    @Option(help: ArgumentHelp("Close the eyes again this many seconds after each closing (with --eyes-closed-at).", valueName: "seconds"))
    var eyesClosedEvery: Double?

    @Option(help: ArgumentHelp("Strong head movement from this second of signal on, for --motion-for seconds.", valueName: "seconds"))
    var motionAt: Double?

    @Option(help: ArgumentHelp("How long the movement lasts (with --motion-at).", valueName: "seconds"))
    var motionFor: Double = 10

    @Option(
        help: ArgumentHelp("The BLE connection interval (default 30ms): notifications leave at its events.", valueName: "duration"),
        transform: SignalDuration.parse)
    var connectionInterval: SignalDuration?

    @Option(help: ArgumentHelp("Serial number to report (default: one of its own, derived from the socket path).", valueName: "serial"))
    var serial: String?

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "After the block with this EEG counter, send one packet whose counter is 30000 ahead (corrupt; an Athena: after this data notification, a copy claiming to be 30 s later).",
            valueName: "counter"))
    var corruptCounterAfter: [UInt16] = []

    @Option(help: ArgumentHelp("Fraction of EEG packets (an Athena: data notifications) sent as random bytes (0-1).", valueName: "fraction"))
    var garbage: Double = 0

    @Option(help: ArgumentHelp("Sample this many times faster than the 256 Hz the headband claims (a faulty headband).", valueName: "factor"))
    var clockFactor: Double = 1

    @Flag(help: "The same as --model athena.")
    var athena = false

    /// The model `--model`, `--athena` or a capture's `--replay` asks for (a recording's is the
    /// headband's it was recorded from).
    var isAthena: Bool { model == .athena || athena || (replay != nil && !replaysRecording) }

    /// Whether `--replay` names a recording (a .h5 file) rather than a capture.
    var replaysRecording: Bool { replay?.hasSuffix(".h5") == true }

    func validate() throws {
        guard speed.isFinite, speed > 0, speed <= 1000 else { throw ValidationError("--speed must be between 0 and 1000") }
        guard battery.isFinite, (0...100).contains(battery) else { throw ValidationError("--battery must be between 0 and 100") }
        guard garbage.isFinite, (0...1).contains(garbage) else { throw ValidationError("--garbage must be between 0 and 1") }
        guard clockFactor.isFinite, clockFactor >= 0.1, clockFactor <= 100 else {
            throw ValidationError("--clock-factor must be between 0.1 and 100")
        }
        if let connectionInterval, !(connectionInterval.seconds >= 0.0075 && connectionInterval.seconds <= 4) {
            throw ValidationError("--connection-interval must be between 7.5ms and 4s")
        }
        for (flag, value) in [("--off-head-at", offHeadAt), ("--motion-at", motionAt)] {
            if let value, !(value.isFinite && value >= 0 && value < 1e7) { throw ValidationError("\(flag) must be a number of seconds, 0 or more") }
        }
        if let eyesClosedAt, !(eyesClosedAt.isFinite && eyesClosedAt >= 0 && eyesClosedAt < 1e7) {
            throw ValidationError("--eyes-closed-at must be a number of seconds, 0 or more")
        }
        if let eyesClosedEvery, !(eyesClosedEvery.isFinite && eyesClosedEvery > eyesClosedFor && eyesClosedEvery < 1e7) {
            throw ValidationError("--eyes-closed-every must be longer than --eyes-closed-for")
        }
        for (flag, value) in [("--off-head-for", offHeadFor), ("--motion-for", motionFor), ("--eyes-closed-for", eyesClosedFor)] {
            guard value.isFinite, value > 0, value < 1e7 else { throw ValidationError("\(flag) must be a positive number of seconds") }
        }
        for (flag, value) in [("--disconnect-after", disconnectAfter), ("--silent-after", silentAfter)] {
            if let value, value < 1 { throw ValidationError("\(flag) must be 1 or more") }
        }
        _ = try socketPath()
        if isAthena {
            if motionAt != nil {
                throw ValidationError("--motion-at is not simulated for a Muse S Athena")
            }
        }
        if let preset, !replaysRecording {
            if isAthena {
                guard (try? AthenaPreset(parsing: preset)) != nil else {
                    throw ValidationError("unknown preset \(preset) for a Muse S Athena: \(AthenaPreset.supportedList)")
                }
            } else if (try? MusePreset(parsing: preset)) == nil {
                throw ValidationError("unknown preset \(preset) for a classic Muse: \(MusePreset.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
    }

    /// The socket path `address` names.
    func socketPath() throws -> String {
        if case .unixSocket(let path) = try? DeviceAddress(parsing: address) { return path }
        guard !address.isEmpty, !address.contains(where: { $0 == "\0" }), address.contains("/") || !address.contains(":") else {
            throw ValidationError("give the socket as unix:PATH")
        }
        return address
    }

    func run() async throws {
        // A recording plays as the headband it was recorded from.
        var recorded: RecordedSession?
        if let replay, replaysRecording { recorded = try Redecoding.recordedSession(of: URL(fileURLWithPath: replay)) }
        let isAthena = recorded?.isAthena ?? self.isAthena
        var settings = SimulatedHeadband.Configuration()
        settings.deviceName = name
        let presetName =
            isAthena
            ? ((try? AthenaPreset(parsing: preset ?? "")) ?? .standard).rawValue
            : ((try? MusePreset(parsing: preset ?? "")) ?? .standard).rawValue
        settings.preset = String(presetName.dropFirst())
        settings.speed = speed
        settings.batteryPercent = battery
        settings.seed = seed
        if isAthena {
            settings.droppedNotifications = Set(dropBlocks.map(Int.init))
            settings.swappedNotifications = Set(lateBlocks.map(Int.init))
        } else {
            settings.droppedBlocks = Set(dropBlocks)
            settings.swappedBlocks = Set(lateBlocks)
        }
        settings.disconnectAfterBlocks = disconnectAfter
        settings.silentAfterBlocks = silentAfter
        settings.includesAthena = isAthena
        if isAthena { settings.mtu = 247 }
        if let recorded {
            if recorded.isAthena { settings.athenaReplay = recorded.lines } else { settings.classicReplay = recorded.lines }
            settings.recordedReplies = recorded.replies
        } else if let replay {
            guard let text = try? String(contentsOfFile: replay, encoding: .utf8) else {
                Terminal.error("cannot read the capture \(replay)")
                throw CommandError.reported(.unreadableInput)
            }
            let lines = text.split(separator: "\n").compactMap(AthenaCaptureLine.init).filter(\.isAthenaData)
            guard !lines.isEmpty else {
                Terminal.error("\(replay) holds no Athena data notifications (lines of time, 273e0013/273e0014, hex)")
                throw CommandError.reported(.unusableInput)
            }
            settings.athenaReplay = lines
        }
        if let connectionInterval { settings.connectionInterval = connectionInterval.seconds }
        settings.serialNumber = serial
        settings.corruptCounterAfter = Set(corruptCounterAfter)
        settings.garbageFraction = garbage
        settings.clockFactor = clockFactor
        settings.keepsLog = false
        settings.offHead = offHeadAt.map { Self.samples($0, $0 + offHeadFor, rate: 256) }
        settings.motion = motionAt.map { Self.samples($0, $0 + motionFor, rate: 52) }
        if let eyesClosedAt {
            // Repeated closings are listed for a day of signal at most.
            let every = eyesClosedEvery ?? .infinity
            var start = eyesClosedAt
            while start < 86_400, settings.eyesClosed.count < 10_000 {
                settings.eyesClosed.append(Self.samples(start, start + eyesClosedFor, rate: 256))
                start += every
            }
        }
        let path = try socketPath()
        let headband = SimulatedHeadband(path: path, configuration: settings)
        do {
            try headband.start()
        } catch {
            Terminal.error(error)
            throw CommandError.reported(.cannotCreate)
        }
        let stopped = AsyncStream<Void>.makeStream()
        let trap = SignalTrap { _ in stopped.continuation.finish() }
        Terminal.note(
            "simulated \(isAthena ? "Muse S Athena" : "headband") \(name) listening at unix:\(path) (\(replay.map { "replay of \($0)" } ?? "p" + settings.preset), speed \(String(format: "%g", speed))); Ctrl-C stops it"
        )
        if let duration {
            Task {
                try? await Task.sleep(for: .seconds(duration.seconds))
                stopped.continuation.finish()
            }
        }
        for await _ in stopped.stream {}
        headband.stop()
        await headband.finished()
        _ = trap
    }

    /// Sample indexes from `start` to `end` seconds of signal at `rate`.
    private static func samples(_ start: Double, _ end: Double, rate: Double) -> Range<Int64> {
        Int64((start * rate).rounded())..<Int64((end * rate).rounded())
    }
}
