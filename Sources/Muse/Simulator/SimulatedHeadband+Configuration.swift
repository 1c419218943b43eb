extension SimulatedHeadband {
    /// Everything about the simulated headband that a test, demo or training session may want to
    /// vary, including the faults it injects. Defaults give a well-behaved Muse 2 in real time.
    package struct Configuration: Sendable {
        /// Noise seed of the deterministic signal (default 1).
        package var seed: UInt64 = 1
        /// The MTU answered to Exchange MTU (default 23, as the Muse does).
        package var mtu: UInt16 = 23
        /// The advertised and Generic Access device name (default "Muse-1324").
        package var deviceName = "Muse-1324"
        /// Whether the headband is a Muse S Athena (MS-03): its table has the control characteristic
        /// and the Athena data characteristics 273e0013/273e0014 only, it answers `v6`, the Athena
        /// presets and `dc001` (streaming starts at the second `dc001`, as the public clients found),
        /// and it streams the multiplexed packets (``athenaReplay`` or generated for the preset).
        /// Set ``mtu`` to 247 for it (default false).
        package var includesAthena = false
        /// As an Athena: play these captured notifications with their original spacing (divided by
        /// ``speed``) instead of generated packets, then stop sending (default nil).
        package var athenaReplay: [AthenaCaptureLine]?
        /// As a classic Muse: play these recorded data notifications (each on its characteristic)
        /// with their original spacing (divided by ``speed``) once streaming starts, instead of
        /// generated packets, then stop sending (default nil; `simulate-headband --replay RECORDING.h5`).
        package var classicReplay: [AthenaCaptureLine]?
        /// The recorded control replies (JSON objects) a replay answers `v1` and `s` with: the
        /// recorded headband's version and status (its serial, firmware), the status marked
        /// `"sim":"replay"` (default none: the simulated headband's own).
        package var recordedReplies: [String] = []
        /// As an Athena: the data notifications (numbered from 0 per connection) never sent (default none).
        package var droppedNotifications: Set<Int> = []
        /// As an Athena: data notifications sent after the following one instead of before it (default none).
        package var swappedNotifications: Set<Int> = []
        /// The preset at power-on, without the "p" (default "21": 4 EEG channels and IMU).
        package var preset = "21"
        /// Battery level in percent, reported by `s` and telemetry (default 82; 15 tests "battery low").
        package var batteryPercent: Double = 82
        /// Pacing: 1 is real time against CLOCK_MONOTONIC; 20 runs twenty times faster (default 1).
        /// Everything the headband and its link do runs N× faster: sampling, connection events.
        package var speed: Double = 1
        /// The BLE connection interval in seconds (default 0.030; centrals choose 7.5 ms–4 s, BlueZ
        /// and phones typically 15–30 ms for a Muse). Notifications leave only at connection events,
        /// several per event, as a BLE controller sends them.
        package var connectionInterval = 0.030
        /// At most this many notifications per connection event (default 6); the rest wait for the
        /// next event.
        package var notificationsPerEvent = 6
        /// The probability that a connection event is missed (a retransmission, interference), so
        /// what waits goes one interval later (default 0.02).
        package var missedEventProbability = 0.02
        /// How much faster (positive) the BLE controller's clock runs than the headband's sample
        /// clock, relative (default 40e-6: the phases of packets and events sweep slowly, as on a
        /// real link).
        package var controllerSkew = 40e-6
        /// The first EEG packet counter (default 0; 65530 tests the 16-bit wrap).
        package var startCounter: UInt16 = 0

        /// EEG blocks (all channels of these counters) that are never sent (default none).
        package var droppedBlocks: Set<UInt16> = []
        /// Single channel packets that are never sent (default none).
        package var droppedChannelPackets: Set<ChannelPacket> = []
        /// Blocks sent after the following block instead of before it (default none).
        package var swappedBlocks: Set<UInt16> = []
        /// Send one Read Request to the client, right after its first CCCD write was answered; the
        /// client must answer with an Error Response (default false).
        package var sendsReadRequest = false
        /// Pack control replies back to back: a reply's last fragment is held until the next reply (or
        /// 100 ms) so one notification carries the end of one JSON object and the start of the next
        /// (default false).
        package var packsControlReplies = false
        /// Close the first connection after this many EEG blocks (an Athena: data notifications), then
        /// accept a reconnect on the same path (default nil: never).
        package var disconnectAfterBlocks: Int?
        /// Stop sending after this many EEG blocks (an Athena: data notifications) of the first
        /// connection while keeping the link open, as a headband that hangs does; the client must
        /// notice the silence and reconnect (default nil: never).
        package var silentAfterBlocks: Int?
        /// EEG sample indexes (256 Hz, from the first block) during which the electrodes are off the
        /// skin and the codes rail (default nil: always worn).
        package var offHead: Range<Int64>?
        /// EEG sample indexes (256 Hz, from the first block) during which the eyes are closed: alpha
        /// rises 2.5-fold and there are no blinks (default none).
        package var eyesClosed: [Range<Int64>] = []
        /// IMU sample indexes (52 Hz) during which the head moves strongly (default nil: still).
        package var motion: Range<Int64>?
        /// Whether the EEG counter restarts at ``startCounter`` after a reconnect instead of continuing
        /// (default false: it continues).
        package var restartsCounterAfterReconnect = false
        /// EEG counters after whose block one extra TP9 packet is sent with the counter 30 000 ahead
        /// and otherwise well-formed (a bit error in the counter, a replayed packet; default none).
        /// An Athena: the data notification numbers (from 0 per connection) after which a copy is sent
        /// whose device time and block numbers claim it is 30 s later (``AthenaCorruption``).
        package var corruptCounterAfter: Set<UInt16> = []
        /// The fraction of EEG packets whose payload is replaced by random bytes, counter included
        /// (an Athena: of data notifications, headers included; default 0).
        package var garbageFraction = 0.0
        /// How many times faster than its nominal rate the headband samples while claiming 256 Hz (a
        /// faulty headband, or one replaying data; an Athena's device clock runs as fast, so its
        /// device time agrees with its block numbers; default 1).
        package var clockFactor = 1.0
        /// The serial number the headband reports (default nil: one derived from the socket path, so
        /// every simulated headband on a machine has its own, as real ones do).
        package var serialNumber: String?
        /// Whether to keep a ``SimulatorLog`` of every packet (default true; switch off for long demos,
        /// where it would grow by about 100 entries a second).
        package var keepsLog = true

        /// The defaults.
        package init() {}
    }
}
