public import DataSources
import Foundation

/// The Muse headband (Muse 2016, Muse 2, Muse S gen 1–2: the legacy 12-bit protocol; the Muse S
/// Athena: the multiplexed protocol, see ``AthenaStreams``) as a ``DataSource``, over Bluetooth LE
/// through BlueZ or over a simulated headband's Unix socket.
///
/// Running it connects, discovers the GATT table (never a hard-coded handle), tells an Athena by its
/// characteristic 273e0013 (and runs its own sequence, ``MuseStreamSession/connectAthena(_:first:)``), reads device info (`v1`), halts, sets the preset, reads the status
/// (`s`: serial, battery, preset), subscribes to the preset's streams and starts them (`d`); then it
/// announces the device with ``SourceEvent/started(_:)`` and streams:
/// - EEG blocks assembled by packet counter, not arrival order (``EEGBlockAssembler``); a channel still
///   missing after the assembly timeout is `NaN` (raw code ``StreamDescriptor/RawCoding/missingCode``), a lost block is left out so
///   its indices are missing (recorders write `NaN` rows and a gap event);
/// - sample times from a lower-envelope fit of arrival time against sample index (``SampleClockFit``),
///   on the recording clock of the context, refined as the recording goes and reported as properties;
/// - accelerometer, gyroscope and PPG blocks with their own counters and fits, telemetry (battery).
///
/// A keep-alive (`k`) goes out every ``Configuration/keepAliveInterval``. When no data arrives for
/// ``Configuration/silenceTimeout`` or the link drops, the source reports `disconnected`, reconnects
/// by itself (preset and `d` sent again), reports `reconnected` and continues at the sample index the
/// elapsed time implies, so the time away is a gap. It gives up after ``Configuration/reconnectFor``.
public struct MuseSource: DataSource {
    /// How the source connects and behaves; every field has a documented default.
    public struct Configuration: Sendable {
        /// Which headband: an address, `unix:PATH` for a simulated one, or a name to scan for.
        public var device: DeviceAddress
        /// The preset of a classic headband (which channels stream); p21 by default.
        public var preset: MusePreset
        /// The preset name asked for, checked once the model is known (`nil`: the model's default,
        /// p21 for a classic headband, p1041 for a Muse S Athena). A classic headband refuses names
        /// that are not a ``MusePreset``, an Athena names that are not an ``AthenaPreset``.
        public var requestedPreset: String?
        /// Seconds between keep-alive commands (10 s, as the open-source clients found necessary).
        public var keepAliveInterval: Double
        /// Seconds without any data after which the link counts as lost (3 s).
        public var silenceTimeout: Double
        /// How long to keep trying to reconnect before failing the run (120 s).
        public var reconnectFor: Double
        /// Timeout of each ATT request, in seconds (5 s).
        public var requestTimeout: Double
        /// How long a block waits for its last channel before it is delivered with `NaN` (100 ms).
        public var assemblyTimeout: Double
        /// Seconds of signal per second of host time: 1 for a real headband; a simulated headband run
        /// faster than real time (its `speed`) sets the same factor here, so sample times and timeouts
        /// stay in signal time. The silence counts only time the source was awake to watch (a stalled
        /// process is not a silent headband); the block assembly is never shorter than 50 ms of host
        /// time, so a loaded machine does not fake lost packets.
        public var timeScale: Double
        /// Scan duration in seconds when ``device`` is a name (5 s).
        public var scanDuration: Double
        /// Stored notifications to decode instead of a headband's (``MuseRedecoding``); `nil` to connect.
        package var replay: StoredNotificationFeed?

        /// Creates a configuration.
        public init(
            device: DeviceAddress, preset: MusePreset = .standard, keepAliveInterval: Double = 10, silenceTimeout: Double = 3,
            reconnectFor: Double = 120, requestTimeout: Double = 5, assemblyTimeout: Double = 0.1, timeScale: Double = 1,
            scanDuration: Double = 5, requestedPreset: String? = nil
        ) {
            self.requestedPreset = requestedPreset
            self.device = device
            self.preset = preset
            self.keepAliveInterval = keepAliveInterval
            self.silenceTimeout = silenceTimeout
            self.reconnectFor = reconnectFor
            self.requestTimeout = requestTimeout
            self.assemblyTimeout = assemblyTimeout
            self.timeScale = timeScale
            self.scanDuration = scanDuration
        }
    }

    /// The settings.
    public let configuration: Configuration

    /// Creates a Muse source.
    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    public var kind: String { "muse" }

    public func run(context: SourceContext, emit: @escaping @Sendable (SourceEvent) async -> Void) async throws {
        guard configuration.timeScale > 0, configuration.timeScale.isFinite else {
            throw DataSourceError.invalidConfiguration("time scale must be positive")
        }
        var session = MuseStreamSession(configuration: configuration, context: context, emit: emit)
        try await session.run()
    }
}
