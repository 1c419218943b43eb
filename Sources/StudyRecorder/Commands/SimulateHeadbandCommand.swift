import ArgumentParser
import Foundation
import Muse

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
            Exit codes: 0 after Ctrl-C, SIGTERM or --duration, 73 when the socket cannot be created, 64 for \
            bad arguments. See docs/muse.md.
            """)

    @Argument(help: ArgumentHelp("Where to listen: unix:PATH (or a plain path).", valueName: "unix:PATH"))
    var address: String

    @Option(help: "Advertised device name.")
    var name = "Muse-1324"

    @Option(help: "Preset at power-on (the recorder sets its own): p20, p21, p50 or p51.")
    var preset: MusePreset = .standard

    @Option(help: "Stream this many times faster than real time.")
    var speed: Double = 1

    @Option(help: "Battery level in percent (below 20 the recorder warns of a low battery).")
    var battery: Double = 82

    @Option(help: "Seed of the signal's noise.")
    var seed: UInt64 = 1

    @Option(help: "Stop after this much (host) time, e.g. 30s; default: until Ctrl-C.")
    var duration: SignalDuration?

    @Option(parsing: .upToNextOption, help: ArgumentHelp("EEG packet counters whose blocks are never sent.", valueName: "counter"))
    var dropBlocks: [UInt16] = []

    @Option(help: ArgumentHelp("Close the first connection after this many EEG blocks (a dropped link).", valueName: "blocks"))
    var disconnectAfter: Int?

    @Option(help: ArgumentHelp("Stop streaming after this many EEG blocks of the first connection but keep the link (a hang).", valueName: "blocks"))
    var silentAfter: Int?

    @Option(help: ArgumentHelp("Electrodes off the skin from this second of signal on, for --off-head-for seconds.", valueName: "seconds"))
    var offHeadAt: Double?

    @Option(help: ArgumentHelp("How long the electrodes stay off (with --off-head-at).", valueName: "seconds"))
    var offHeadFor: Double = 10

    @Option(help: ArgumentHelp("Strong head movement from this second of signal on, for --motion-for seconds.", valueName: "seconds"))
    var motionAt: Double?

    @Option(help: ArgumentHelp("How long the movement lasts (with --motion-at).", valueName: "seconds"))
    var motionFor: Double = 10

    @Flag(help: "Present as a Muse S \"Athena\" (which the recorder refuses as not supported yet).")
    var athena = false

    func validate() throws {
        guard speed.isFinite, speed > 0, speed <= 1000 else { throw ValidationError("--speed must be between 0 and 1000") }
        guard battery.isFinite, (0...100).contains(battery) else { throw ValidationError("--battery must be between 0 and 100") }
        for (flag, value) in [("--off-head-at", offHeadAt), ("--motion-at", motionAt)] {
            if let value, !(value.isFinite && value >= 0 && value < 1e7) { throw ValidationError("\(flag) must be a number of seconds, 0 or more") }
        }
        for (flag, value) in [("--off-head-for", offHeadFor), ("--motion-for", motionFor)] {
            guard value.isFinite, value > 0, value < 1e7 else { throw ValidationError("\(flag) must be a positive number of seconds") }
        }
        for (flag, value) in [("--disconnect-after", disconnectAfter), ("--silent-after", silentAfter)] {
            if let value, value < 1 { throw ValidationError("\(flag) must be 1 or more") }
        }
        _ = try socketPath()
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
        var settings = SimulatedHeadband.Configuration()
        settings.deviceName = name
        settings.preset = String(preset.rawValue.dropFirst())
        settings.speed = speed
        settings.batteryPercent = battery
        settings.seed = seed
        settings.droppedBlocks = Set(dropBlocks)
        settings.disconnectAfterBlocks = disconnectAfter
        settings.silentAfterBlocks = silentAfter
        settings.includesAthena = athena
        settings.keepsLog = false
        settings.offHead = offHeadAt.map { Self.samples($0, $0 + offHeadFor, rate: 256) }
        settings.motion = motionAt.map { Self.samples($0, $0 + motionFor, rate: 52) }
        let path = try socketPath()
        let headband = SimulatedHeadband(path: path, configuration: settings)
        do {
            try headband.start()
        } catch {
            Terminal.error(error)
            throw ExitCode.cannotCreate
        }
        let stopped = AsyncStream<Void>.makeStream()
        let trap = SignalTrap { _ in stopped.continuation.finish() }
        Terminal.note(
            "simulated headband \(name) listening at unix:\(path) (\(preset.rawValue), speed \(String(format: "%g", speed))); Ctrl-C stops it")
        if let duration {
            Task {
                try? await Task.sleep(for: .seconds(duration.seconds))
                stopped.continuation.finish()
            }
        }
        for await _ in stopped.stream {}
        headband.stop()
        _ = trap
    }

    /// Sample indexes from `start` to `end` seconds of signal at `rate`.
    private static func samples(_ start: Double, _ end: Double, rate: Double) -> Range<Int64> {
        Int64((start * rate).rounded())..<Int64((end * rate).rounded())
    }
}
