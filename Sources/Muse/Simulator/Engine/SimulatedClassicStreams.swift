import DataSources
import Synchronization

/// What a classic Muse streams: per EEG block of 12 samples one packet per channel, accelerometer and
/// gyroscope packets, PPG (presets 50 and 51) and telemetry, all from the headband's
/// ``SimulatedSignal`` and with the configuration's EEG faults (lost blocks and channel packets,
/// swapped blocks, a counter far ahead, garbage); or, replaying a recording
/// (``SimulatedHeadband/Configuration/classicReplay``), its notifications.
struct SimulatedClassicStreams {
    private let headband: SimulatedHeadband
    private let configuration: SimulatedHeadband.Configuration
    /// The next EEG block's unwrapped sequence: its counter is the low 16 bits.
    private var nextSequence: Int64
    // IMU, PPG and telemetry packets made so far (their 16-bit sequence numbers wrap).
    private var imuPackets: Int64 = 0
    private var ppgPackets: Int64 = 0
    private var telemetryPackets: Int64 = 0
    /// The connection its EEG packets go out on (1 first).
    private var connection = 0
    /// EEG blocks made on this connection (the disconnect and hang faults count them).
    private(set) var blocksThisConnection = 0
    /// A swapped block, held until the next one is sent.
    private var heldBlock: [QueuedNotification]?
    /// A replay: the index of the next recorded notification.
    private var replayNext = 0

    /// The streams of `headband`.
    init(headband: SimulatedHeadband) {
        self.headband = headband
        configuration = headband.configuration
        nextSequence = Int64(configuration.startCounter)
    }

    /// Starts connection `number`: the EEG counter continues from the last one (or restarts with
    /// ``SimulatedHeadband/Configuration/restartsCounterAfterReconnect``), a held block is gone.
    mutating func connect(number: Int) {
        connection = number
        if number > 1, configuration.restartsCounterAfterReconnect {
            nextSequence = Int64(configuration.startCounter)
        }
        blocksThisConnection = 0
        heldBlock = nil
        replayNext = 0
    }

    /// Starts streaming: a replay from its first notification.
    mutating func start() {
        replayNext = 0
    }

    /// The notifications of the next EEG block, whose last sample was taken at `takenAt`: in the
    /// arrival order seen on real headbands (right AUX if `hasAux`, TP10, AF8, TP9, AF7), lost and
    /// garbled packets as configured, a copy with its counter 30 000 ahead after it if configured;
    /// none when it is held back to follow the next block.
    mutating func eegBlock(takenAt: UInt64, hasAux: Bool, random: inout SplitMix64) -> [QueuedNotification] {
        let sequence = nextSequence
        nextSequence += 1
        blocksThisConnection += 1
        let counter = UInt16(truncatingIfNeeded: sequence)
        let order = (hasAux ? [4] : []) + [3, 2, 0, 1]
        var packets: [QueuedNotification] = []
        var dropped: [SimulatedEEGPacket] = []
        for channel in order {
            let record = SimulatedEEGPacket(channel: channel, counter: counter, sequence: sequence, connection: connection, takenAt: takenAt)
            if configuration.droppedBlocks.contains(counter)
                || configuration.droppedChannelPackets.contains(ChannelPacket(counter: counter, channel: channel))
            {
                dropped.append(record)
                continue
            }
            var bytes = MusePacketEncoder.eeg(counter: counter, codes: codes(channel: channel, sequence: sequence))
            if configuration.garbageFraction > 0, random.uniform() < configuration.garbageFraction {
                bytes = bytes.map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            packets.append(QueuedNotification(kind: MuseCharacteristic.eegChannels[channel], value: bytes, eegPacket: record))
        }
        if configuration.corruptCounterAfter.contains(counter) {
            // Well-formed, but its counter is 30 000 ahead: nothing the headband took.
            let record = SimulatedEEGPacket(
                channel: 0, counter: counter &+ 30_000, sequence: sequence + 30_000, connection: connection, takenAt: takenAt)
            let bytes = MusePacketEncoder.eeg(counter: counter &+ 30_000, codes: codes(channel: 0, sequence: sequence))
            packets.append(QueuedNotification(kind: MuseCharacteristic.eegChannels[0], value: bytes, eegPacket: record))
        }
        if !dropped.isEmpty, configuration.keepsLog {
            headband.shared.withLock { $0.log.droppedEEG += dropped }
        }
        if configuration.swappedBlocks.contains(counter), heldBlock == nil {
            heldBlock = packets
            return []
        }
        defer { heldBlock = nil }
        return packets + (heldBlock ?? [])
    }

    /// The 12 codes of `channel` in block `sequence`.
    private func codes(channel: Int, sequence: Int64) -> [UInt16] {
        (0..<12).map { headband.eegCode(channel: channel, sampleIndex: sequence * 12 + Int64($0)) }
    }

    /// The next IMU packet's notifications: accelerometer, then gyroscope, 3 samples each.
    mutating func imuPacket() -> [QueuedNotification] {
        let sequence = UInt16(truncatingIfNeeded: imuPackets)
        let first = imuPackets * 3
        imuPackets += 1
        let signal = headband.signal
        return [
            QueuedNotification(
                kind: .accelerometer,
                value: MusePacketEncoder.imu(sequence: sequence, samples: (0..<3).map { signal.accelerometer(index: first + Int64($0)) })),
            QueuedNotification(
                kind: .gyroscope,
                value: MusePacketEncoder.imu(sequence: sequence, samples: (0..<3).map { signal.gyroscope(index: first + Int64($0)) })),
        ]
    }

    /// The next PPG packet's notifications: one per PPG characteristic, 6 samples each.
    mutating func ppgPacket() -> [QueuedNotification] {
        let sequence = UInt16(truncatingIfNeeded: ppgPackets)
        let first = ppgPackets * 6
        ppgPackets += 1
        let signal = headband.signal
        return [MuseCharacteristic.ppg1, .ppg2, .ppg3].enumerated().map { channel, kind in
            QueuedNotification(
                kind: kind,
                value: MusePacketEncoder.ppg(sequence: sequence, samples: (0..<6).map { signal.ppg(channel: channel, index: first + Int64($0)) }))
        }
    }

    /// The next telemetry notification, with the battery level of now.
    mutating func telemetryPacket() -> QueuedNotification {
        let sequence = UInt16(truncatingIfNeeded: telemetryPackets)
        telemetryPackets += 1
        let battery = headband.shared.withLock { $0.batteryPercent }
        return QueuedNotification(
            kind: .telemetry,
            value: MusePacketEncoder.telemetry(
                sequence: sequence, batteryPercent: battery, fuelMillivolts: 3700 + 5 * battery, adc: 3967, temperature: 27))
    }

    /// The recorded notifications of a replay due by `now` on `clock`, each on its characteristic
    /// (recorded control replies are not replayed).
    mutating func replayed(by now: UInt64, clock: SimulatedSampleClock) -> [QueuedNotification] {
        guard let lines = configuration.classicReplay, let first = lines.first else { return [] }
        var notifications: [QueuedNotification] = []
        while replayNext < lines.count, clock.due(seconds: lines[replayNext].hostTime - first.hostTime) <= now {
            let line = lines[replayNext]
            replayNext += 1
            if let kind = MuseCharacteristic(uuidString: line.characteristic), kind != .control {
                notifications.append(QueuedNotification(kind: kind, value: line.payload))
            }
        }
        return notifications
    }

    /// Seconds of signal time after the start at which a replay's next notification is due; nil when
    /// it has ended.
    var nextReplayed: Double? {
        guard let lines = configuration.classicReplay, replayNext < lines.count, let first = lines.first else { return nil }
        return lines[replayNext].hostTime - first.hostTime
    }
}
