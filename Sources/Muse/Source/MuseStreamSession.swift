import DataSources
import Foundation

/// One run of a ``MuseSource``: the connection, the control sequence, decoding, block assembly,
/// timing and reconnection. Its state lives in this value, owned by the running task.
struct MuseStreamSession {
    let configuration: MuseSource.Configuration
    let context: SourceContext
    /// The consumer's closure; events go through ``emit(_:)``, which sends the stored bytes first.
    let sendEvent: @Sendable (SourceEvent) async -> Void

    var link: MuseLink?
    var inputs: AsyncStream<MuseLink.Input>.AsyncIterator?
    var replies = ControlReplyAssembler()
    var descriptor: DeviceDescriptor?
    // EEG
    var assembler: EEGBlockAssembler
    var eeg: StreamTimeline
    var railedFraction = 0.0
    var onHead: Bool?
    // Other streams
    var accelerometer: AuxiliaryStream
    var gyroscope: AuxiliaryStream
    var ppg: [AuxiliaryStream] = []
    // Corrupt packets and the rate check
    var corruptReported = 0
    var lastCorruptReport = -Double.infinity
    var rateReference: (sampleIndex: Int64, receivedAt: UInt64)?
    var fault: String?
    var corruptInEarlierSegments = 0
    var telemetryIndex: Int64 = 0
    var batteryLow: Bool?
    // The Muse S Athena (nil for a classic headband)
    var athena: AthenaStreams?
    /// Athena data that arrived before its streams were learned (bounded), decoded once they are.
    var athenaPending: [ATTNotification] = []
    // Timing of the link
    var lastData = 0.0
    /// Signal seconds without data that the session was awake to see: the sum of the steps between
    /// its ticks since the last data, each at most ``maximumObservedStep`` of host time and a
    /// quarter of the timeout.
    var observedSilence = 0.0
    /// The signal time of the last tick or data.
    var lastObserved = 0.0
    var lastKeepAlive = 0.0
    var lastProperties = 0.0
    // The headband's bytes as they arrived (``DataSources/DeviceNotifications``), not yet handed on.
    var bytes: DeviceNotifications
    var channelOfHandle: [UInt16: UInt8] = [:]
    var announced = false

    init(configuration: MuseSource.Configuration, context: SourceContext, emit: @escaping @Sendable (SourceEvent) async -> Void) {
        self.configuration = configuration
        self.context = context
        self.sendEvent = emit
        bytes = DeviceNotifications(receiveClockScale: configuration.timeScale, isPrologue: true)
        assembler = Self.assembler(configuration)
        eeg = StreamTimeline(samplesPerPacket: MuseScale.eegSamplesPerPacket, rate: MuseScale.eegNominalRate, timeScale: configuration.timeScale)
        let slack = Self.advanceSlack(configuration)
        accelerometer = AuxiliaryStream(
            name: "accelerometer", samplesPerPacket: MuseScale.imuSamplesPerPacket, rate: MuseScale.imuNominalRate, slack: slack,
            timeScale: configuration.timeScale)
        gyroscope = AuxiliaryStream(
            name: "gyroscope", samplesPerPacket: MuseScale.imuSamplesPerPacket, rate: MuseScale.imuNominalRate, slack: slack,
            timeScale: configuration.timeScale)
    }

    /// A new EEG block assembler: the configured timeout, and counter steps bounded by the elapsed time.
    static func assembler(_ c: MuseSource.Configuration) -> EEGBlockAssembler {
        EEGBlockAssembler(
            channelCount: c.preset.eegChannelCount, timeout: UInt64(assemblyTimeout(c) * 1e9),
            advanceLimit: PacketAdvanceLimit(
                packetPeriod: UInt64(Double(MuseScale.eegSamplesPerPacket) / MuseScale.eegNominalRate * 1e9), slack: advanceSlack(c)))
    }

    /// How late a packet may have arrived before a counter step after it counts as corrupt, in
    /// signal-time ns: 0.5 s of host time (a BLE stall, a loaded machine).
    static func advanceSlack(_ c: MuseSource.Configuration) -> UInt64 {
        UInt64(0.5 * max(1, c.timeScale) * 1e9)
    }

    /// How much faster than nominal a headband may deliver EEG before it is a device fault …
    static let maximumRateRatio = 1.5
    /// … beyond the seconds of host time a first packet that came late makes the next ones look
    /// early by.
    static let rateSlackSeconds = 1.0

    /// Host seconds below which the block assembly timeout does not shrink when a simulated headband
    /// runs faster than real time: a loaded machine stalls a process for tens of milliseconds, and a
    /// lost packet must not be inferred from that.
    static let minimumHostAssembly = 0.05
    /// The most host time one step between the session's ticks adds to ``observedSilence``: a
    /// process stalled by a loaded machine (its ticks late, the data waiting in the socket) has not
    /// seen a silent headband for the time it did not run.
    static let maximumObservedStep = 0.1

    /// The silence timeout in signal seconds (``MuseSource/Configuration/silenceTimeout``): 3 s of
    /// signal at every speed, so a headband at `--speed 20` that hangs is noticed after 0.15 s of host
    /// time that the session was awake to see (``observedSilence``), not after a host-time floor.
    static func silenceTimeout(_ c: MuseSource.Configuration) -> Double {
        c.silenceTimeout
    }

    /// Starts the silence count afresh at signal time `t` (data arrived, or a connection started).
    mutating func heardData(at t: Double) {
        lastData = t
        observedSilence = 0
        lastObserved = max(lastObserved, t)
    }

    /// Adds the step since the last tick or data to ``observedSilence`` (at most
    /// ``maximumObservedStep`` of host time and at most a quarter of the timeout) and tells whether
    /// the silence reached the timeout.
    mutating func silenceReached(at t: Double) -> Bool {
        // No single step counts for more than a quarter of the timeout: one late tick (a stalled
        // recorder at --speed 40, where 3 s of signal are 75 ms of host time) is never a hang.
        let cap = min(Self.maximumObservedStep * configuration.timeScale, Self.silenceTimeout(configuration) / 4)
        observedSilence += min(max(0, t - lastObserved), cap)
        lastObserved = max(lastObserved, t)
        return observedSilence >= Self.silenceTimeout(configuration)
    }

    /// The block assembly timeout in signal seconds (``MuseSource/Configuration/assemblyTimeout``, floored).
    static func assemblyTimeout(_ c: MuseSource.Configuration) -> Double {
        max(c.assemblyTimeout, minimumHostAssembly * c.timeScale)
    }

    /// Signal-time seconds now (host monotonic seconds × time scale).
    func now() -> Double { context.clock.monotonicNow() * configuration.timeScale }

    /// The recording-clock time of a signal-time moment. The recording clock is the host's clock at
    /// every speed (as for the oscillator): a simulated headband at `--speed N` takes its samples N×
    /// faster in host time, so a signal-time moment is the host moment `signal / N`.
    func utc(_ signalSeconds: Double) -> Double {
        context.anchor.utc + (signalSeconds / configuration.timeScale - context.anchor.monotonic)
    }

    mutating func run() async throws {
        await emit(.state(.found, true))
        try await connect(first: true)
        defer { link?.close() }
        while true {
            let reason = try await stream()
            link?.close()
            link = nil
            if let replay = configuration.replay, replay.isExhausted {
                for event in assembler.finish() { await deliver(event) }
                await sendBytes()
                return
            }
            await emit(.state(.connected, false))
            await emit(.state(.disconnected, true))
            await emit(.properties(["LastDisconnect": reason]))
            let giveUp = context.clock.monotonicNow() + configuration.reconnectFor / configuration.timeScale
            while true {
                try Task.checkCancellation()
                do {
                    try await connect(first: false)
                    break
                } catch let error as DataSourceError {
                    if case .unsupportedDevice = error { throw error }
                    if context.clock.monotonicNow() >= giveUp {
                        throw DataSourceError.disconnected("\(reason); no reconnection within \(Int(configuration.reconnectFor)) s: \(error)")
                    }
                    try await context.clock.sleep(untilMonotonic: context.clock.monotonicNow() + 1 / configuration.timeScale)
                }
            }
            await emit(.state(.disconnected, false))
            await emit(.state(.reconnected, true))
        }
    }

    // MARK: Connecting

    mutating func connect(first: Bool) async throws {
        let scale = configuration.timeScale
        let clock = context.clock
        let newLink: MuseLink
        if let replay = configuration.replay {
            guard !replay.isExhausted else { throw DataSourceError.disconnected(MuseRedecoding.endOfStoredNotifications) }
            newLink = MuseLink(replaying: replay)
        } else {
            newLink = try await MuseLink.connect(
                configuration.device, requestTimeout: configuration.requestTimeout, scanDuration: configuration.scanDuration,
                receiveClock: { UInt64(max(0, clock.monotonicNow() * scale * 1e9)) },
                tick: Self.assemblyTimeout(configuration) / 4 / scale, clock: clock)
        }
        link = newLink
        channelOfHandle = [:]
        inputs = newLink.inputs.makeAsyncIterator()
        replies.reset()
        if newLink.isAthena {
            do {
                try await connectAthena(newLink, first: first)
            } catch {
                newLink.close()
                link = nil
                throw Self.sourceError(error)
            }
            return
        }
        if let requested = configuration.requestedPreset, (try? MusePreset(parsing: requested)) == nil {
            newLink.close()
            link = nil
            throw DataSourceError.invalidConfiguration(
                "preset \(requested) is not one of a classic Muse's: \(MusePreset.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        do {
            try await newLink.enableNotifications(.control)
            let info = try await command(.versionInfo, reply: { if case .deviceInfo(let i) = $0 { i } else { nil } })
            try send(.halt)
            try send(configuration.preset.command)
            let status = try await command(.status, reply: { if case .status(let s) = $0 { s } else { nil } })
            for c in configuration.preset.eegCharacteristics { try await newLink.enableNotifications(c) }
            try await newLink.enableNotifications(.telemetry, optional: true)
            try await newLink.enableNotifications(.accelerometer, optional: true)
            try await newLink.enableNotifications(.gyroscope, optional: true)
            if configuration.preset.includesPPG {
                for c in MuseCharacteristic.ppgChannels { try await newLink.enableNotifications(c, optional: true) }
            }
            try send(.start)
            let t = now()
            lastObserved = t
            heardData(at: t)
            lastKeepAlive = t
            // A new segment: the assembler and the auxiliary counters start over; indices continue
            // from where the elapsed time puts them.
            corruptInEarlierSegments += assembler.corruptPackets
            assembler = Self.assembler(configuration)
            rateReference = nil
            eeg.newSegment()
            accelerometer.newSegment()
            gyroscope.newSegment()
            for i in ppg.indices { ppg[i].newSegment() }
            if first {
                let d = Self.descriptor(preset: configuration.preset, info: info, status: status, device: configuration.device)
                descriptor = d
                ppg =
                    configuration.preset.includesPPG
                    ? [
                        AuxiliaryStream(
                            name: "ppg", samplesPerPacket: MuseScale.ppgSamplesPerPacket, rate: MuseScale.ppgNominalRate,
                            slack: Self.advanceSlack(configuration), timeScale: configuration.timeScale)
                    ] : []
                await emit(.started(d))
            }
            await emit(.state(.connected, true))
            if let battery = status.batteryPercent { await report(battery: battery) }
        } catch {
            newLink.close()
            link = nil
            throw Self.sourceError(error)
        }
    }

    /// Sends a command that gets no awaited reply (its acknowledgement is consumed later).
    func send(_ command: MuseCommand) throws {
        guard let link else { throw DataSourceError.disconnected("not connected") }
        do {
            try link.write(.control, command.encoded())
        } catch {
            throw Self.sourceError(error)
        }
    }

    /// Sends `command` and waits for the reply `extract` accepts, handling data meanwhile.
    mutating func command<R>(_ command: MuseCommand, reply extract: (MuseControlReply) -> R?) async throws -> R {
        try send(command)
        let deadline = context.clock.monotonicNow() + configuration.requestTimeout
        while let input = kept(await inputs?.next()) {
            switch input {
            case .notification(let n):
                if n.handle == link?.handle(of: .control) {
                    for json in replies.append(n.value) {
                        if let r = MuseControlReply(json: json).flatMap(extract) { return r }
                    }
                } else {
                    await handle(n)
                }
            case .tick, .silent:
                if context.clock.monotonicNow() >= deadline {
                    throw DataSourceError.disconnected("the headband did not answer '\(command.text)' within \(Int(configuration.requestTimeout)) s")
                }
            case .closed(let why):
                throw DataSourceError.disconnected(why)
            }
        }
        throw CancellationError()
    }

    // MARK: Streaming

    /// Streams until the link is lost; returns why. Throws only when cancelled.
    mutating func stream() async throws -> String {
        while let input = kept(await inputs?.next()) {
            try Task.checkCancellation()
            switch input {
            case .notification(let n):
                await handle(n)
                if let fault { throw DataSourceError.deviceFault(fault) }
            case .tick(let stored):
                let t = now()
                // A block the timer releases depends on the moment: it is noted with the bytes, so a
                // redecoding releases the same blocks.
                let flushAt = stored ?? UInt64(max(0, t * 1e9))
                let released = assembler.flush(now: flushAt)
                if !released.isEmpty, stored == nil { note(Self.timerChannel, at: flushAt, []) }
                for event in released { await deliver(event) }
                if !bytes.isEmpty, announced { await sendBytes() }
                if configuration.replay != nil { continue }
                let silence = Self.silenceTimeout(configuration)
                if silenceReached(at: t) {
                    note(Self.linkChannel, at: UInt64(max(0, t * 1e9)), Array(Self.silentNote.utf8))
                    await sendBytes()
                    return "no data for \(Int(silence)) s"
                }
                if athena == nil, t - lastKeepAlive >= configuration.keepAliveInterval {
                    lastKeepAlive = t
                    try? send(.keepAlive)
                }
                if t - lastProperties >= 10 {
                    lastProperties = t
                    await emit(.properties(clockProperties()))
                }
            case .silent:
                return "no data for \(Int(Self.silenceTimeout(configuration))) s"
            case .closed(let why):
                if configuration.replay == nil { note(Self.linkChannel, at: UInt64(max(0, now() * 1e9)), Array(Self.closedNote.utf8)) }
                for event in assembler.finish() { await deliver(event) }
                await sendBytes()
                return why
            }
        }
        try Task.checkCancellation()
        return "the connection ended"
    }

    // MARK: The headband's bytes

    /// The channel of the session's timer notes: the receive-clock moment the block assembler's
    /// timer released blocks (no bytes).
    static let timerChannel = "timer"
    /// The channel of the session's link notes: the link closed (``closedNote``) or fell silent
    /// (``silentNote``) and the session reconnects.
    static let linkChannel = "link"
    static let closedNote = "closed"
    static let silentNote = "silent"

    /// Keeps a notification's bytes (``bytes``) before it is decoded; returns `input`. Callers read
    /// with `kept(await inputs?.next())`: synchronous, so keeping adds no async frame per input.
    mutating func kept(_ input: MuseLink.Input?) -> MuseLink.Input? {
        if case .notification(let n)? = input {
            let channel: UInt8?
            if let c = channelOfHandle[n.handle] {
                channel = c
            } else {
                let name = link?.characteristic(at: n.handle)?.uuidString ?? "handle-\(n.handle)"
                channel = bytes.channelIndex(name)
                if let channel { channelOfHandle[n.handle] = channel }
            }
            if let channel {
                bytes.append(time: utc(Double(n.receivedAt) / 1e9), receiveClock: Int64(n.receivedAt), channel: channel, bytes: n.value)
            }
        }
        return input
    }

    /// Keeps one of the session's own notes (``timerChannel``, ``linkChannel``) among the bytes.
    mutating func note(_ channel: String, at receivedAt: UInt64, _ value: [UInt8]) {
        guard let c = bytes.channelIndex(channel) else { return }
        bytes.append(time: utc(Double(receivedAt) / 1e9), receiveClock: Int64(receivedAt), channel: c, bytes: value)
    }

    /// Hands on the bytes kept so far (once the device is announced; before, they are the prologue).
    mutating func sendBytes() async {
        guard announced, !bytes.isEmpty else { return }
        await sendEvent(.notifications(bytes.take()))
    }

    /// Sends an event; samples go after the bytes they were decoded from, so a recorder that stops
    /// after a block has the notifications that made it (the controller hands both over together).
    /// The first batch after ``SourceEvent/started(_:)`` is the connection's prologue; the bytes of
    /// notifications that decode to no samples go with the next samples or the next tick.
    mutating func emit(_ event: SourceEvent) async {
        switch event {
        case .started:
            await sendEvent(event)
            announced = true
            await sendBytes()
        case .samples:
            await sendBytes()
            await sendEvent(event)
        default:
            await sendEvent(event)
        }
    }

    mutating func handle(_ n: ATTNotification) async {
        guard let link, let characteristic = link.characteristic(at: n.handle) else { return }
        if characteristic == .control {
            for json in replies.append(n.value) {
                if case .status(let s)? = MuseControlReply(json: json), let b = s.batteryPercent { await report(battery: b) }
            }
            return
        }
        // Receive times are signal-time ns on the same clock as now() (the link's receive clock).
        // Only data that is taken counts against the silence timeout: a headband sending nothing but
        // corrupt packets is silent, and is reconnected.
        let corruptBefore = corruptPackets
        defer {
            if corruptPackets == corruptBefore { heardData(at: Double(n.receivedAt) / 1e9) }
        }
        if characteristic == .athena || characteristic == .athenaSecondary {
            await handleAthena(n)
            return
        }
        if let slot = characteristic.eegSlot {
            guard slot < configuration.preset.eegChannelCount, let packet = try? EEGPacket(payload: n.value) else { return }
            for event in assembler.add(channelSlot: slot, counter: packet.counter, codes: packet.codes, receivedAt: n.receivedAt) {
                await deliver(event)
            }
            await reportCorruption(at: n.receivedAt)
            return
        }
        switch characteristic {
        case .accelerometer, .gyroscope:
            let sensor: IMUSensor = characteristic == .accelerometer ? .accelerometer : .gyroscope
            guard let packet = try? IMUPacket(payload: n.value, sensor: sensor) else { return }
            let values = packet.samples.flatMap { [$0.x, $0.y, $0.z] }
            if sensor == .accelerometer {
                if let block = accelerometer.block(counter: packet.sequence, values: values, channels: 3, receivedAt: n.receivedAt, utc: utc) {
                    await emit(.samples(block))
                }
            } else if let block = gyroscope.block(counter: packet.sequence, values: values, channels: 3, receivedAt: n.receivedAt, utc: utc) {
                await emit(.samples(block))
            }
            await reportCorruption(at: n.receivedAt)
        case .ppg1, .ppg2, .ppg3:
            // The three PPG characteristics carry one channel each with a shared counter. Only PPG2
            // (infrared on the Muse 2, green on the Muse S) is stored: the others are ambient light or
            // nearly empty, and not every headband streams them.
            guard !ppg.isEmpty, let packet = try? PPGPacket(payload: n.value),
                let channel = MuseCharacteristic.ppgChannels.firstIndex(of: characteristic), channel == 1
            else { return }
            if let block = ppg[0].block(
                counter: packet.sequence, values: packet.samples.map(Double.init), channels: 1, receivedAt: n.receivedAt, utc: utc)
            {
                await emit(.samples(block))
            }
            await reportCorruption(at: n.receivedAt)
        case .telemetry:
            guard let packet = try? TelemetryPacket(payload: n.value) else { return }
            await report(battery: packet.batteryPercent)
            let values = [packet.batteryPercent, packet.fuelGaugeMillivolts, Double(packet.adcRaw), Double(packet.temperature)]
            await emit(
                .samples(
                    SampleBlock(
                        stream: "telemetry", firstIndex: telemetryIndex, channelCount: 4, values: values, times: [utc(Double(n.receivedAt) / 1e9)])))
            telemetryIndex += 1
        default:
            return
        }
    }

    /// Packets dropped as corrupt so far, over every stream and segment.
    var corruptPackets: Int {
        (athena?.corrupt ?? 0) + assembler.corruptPackets + accelerometer.corruptPackets + gyroscope.corruptPackets
            + ppg.reduce(0) { $0 + $1.corruptPackets }
            + corruptInEarlierSegments
    }

    /// Reports corrupt packets dropped since the last report, at most once a second of signal time,
    /// so a headband sending garbage is on record without an event per packet.
    mutating func reportCorruption(at receivedAt: UInt64) async {
        let total = corruptPackets
        let t = Double(receivedAt) / 1e9
        guard total > corruptReported, t - lastCorruptReport >= 1 else { return }
        let new = total - corruptReported
        corruptReported = total
        lastCorruptReport = t
        await emit(
            .discarded(
                DiscardedPackets(
                    count: new, total: total, time: utc(t), reason: "counter jumped further ahead than the time since the previous packet allows")))
        await emit(.properties(["CorruptPackets": "\(total)"]))
    }

    mutating func deliver(_ event: EEGAssemblyEvent) async {
        guard case .block(let block) = event, let descriptor else { return }
        // The assembler numbers a segment's blocks from 0; the timeline places them (after a reconnect
        // where the elapsed time puts them) and times their samples.
        guard let (first, times) = eeg.place(sequence: block.blockIndex, receivedAt: block.receivedAt, utc: utc) else { return }
        checkRate(sampleIndex: block.blockIndex * Int64(MuseScale.eegSamplesPerPacket), receivedAt: block.receivedAt)
        let channels = descriptor.channelCount
        let rows = MuseScale.eegSamplesPerPacket
        var values = [Double](repeating: .nan, count: rows * channels)
        var raw = [UInt16](repeating: StreamDescriptor.RawCoding.missingCode, count: rows * channels)
        var railed = 0, present = 0
        for c in 0..<channels {
            guard c < block.codes.count, let codes = block.codes[c], codes.count == rows else { continue }
            for k in 0..<rows {
                let code = codes[k]
                raw[k * channels + c] = code
                values[k * channels + c] = EEGPacket.microvolts(code: code)
                present += 1
                if EEGPacket.isRailed(code: code) { railed += 1 }
            }
        }
        await emit(
            .samples(SampleBlock(stream: descriptor.eeg.name, firstIndex: first, channelCount: channels, values: values, times: times, raw: raw)))
        // On the head: electrodes without skin contact rail (codes 0 or 4095).
        await judgeOnHead(railed: railed, present: present, rows: rows)
    }

    /// Whether the headband is worn, from the share of railed codes (electrodes without skin contact
    /// rail at either end of the range) among `present` codes of a block of `rows` samples, smoothed
    /// over about 1 s of EEG; reports a change as ``DeviceState/onHead``.
    mutating func judgeOnHead(railed: Int, present: Int, rows: Int) async {
        guard present > 0 else { return }
        let weight = min(1, 0.05 * Double(rows) / Double(MuseScale.eegSamplesPerPacket))
        railedFraction += (Double(railed) / Double(present) - railedFraction) * weight
        let worn = railedFraction < 0.25
        if worn != onHead {
            onHead = worn
            await emit(.state(.onHead, worn))
        }
    }

    /// A headband must not deliver EEG blocks much faster than the host's clock lets it take them:
    /// more seconds of samples since the segment's first block than ``maximumRateRatio`` times the
    /// host time since then plus ``rateSlackSeconds`` is a device fault (a firmware fault or a
    /// replay), said in one line, instead of a recording that ends early with time compressed. A
    /// headband ten times too fast is caught after about 0.12 s. `sampleIndex` is the first EEG sample
    /// of a block (the classic headband's block index × 12, the Muse S Athena's placed index).
    mutating func checkRate(sampleIndex: Int64, receivedAt: UInt64) {
        guard let reference = rateReference else {
            rateReference = (sampleIndex, receivedAt)
            return
        }
        let elapsed = max(0, Double(Int64(bitPattern: receivedAt &- reference.receivedAt)) / 1e9)
        let covered = Double(sampleIndex - reference.sampleIndex) / MuseScale.eegNominalRate
        let ratio = covered / max(elapsed, 1e-9)
        if covered > Self.maximumRateRatio * elapsed + Self.rateSlackSeconds * configuration.timeScale, fault == nil {
            fault = String(
                format: "the headband sends EEG %.1f× faster than its %.0f Hz (%.1f s of samples in %.1f s); it is faulty or not a Muse",
                ratio, MuseScale.eegNominalRate, covered / configuration.timeScale, elapsed / configuration.timeScale)
        }
    }

    mutating func report(battery: Double) async {
        await emit(.battery(battery))
        let low = DeviceState.isBatteryLow(battery)
        if low != batteryLow {
            batteryLow = low
            await emit(.state(.batteryLow, low))
        }
    }

    func clockProperties() -> [String: String] {
        guard let p = athena?.eegClock ?? eeg.parameters else { return [:] }
        return [
            "SampleClockOffsetUTC": String(format: "%.6f", utc(p.offset)),
            "SampleClockSecondsPerSample": String(format: "%.12g", p.secondsPerSample / configuration.timeScale),
            "SampleClockRateHz": String(format: "%.6f", p.samplingRate * configuration.timeScale),
            "SampleClockPoints": "\(p.pointsUsed)",
            "SampleClockSlopeFitted": p.slopeIsFitted ? "yes" : "no (nominal 256 Hz until 120 s of data)",
        ]
    }

    static func descriptor(preset: MusePreset, info: MuseDeviceInfo, status: MuseStatus, device: DeviceAddress) -> DeviceDescriptor {
        var properties: [String: String] = [
            "Preset": preset.rawValue, "Address": device.description, "Protocol": "legacy 12-bit (MU-02/MU-03/MS-01/MS-02)",
        ]
        if let name = status.headsetName { properties["Name"] = name }
        if let mac = status.macAddress { properties["MACAddress"] = mac }
        if let bl = info.bootloaderVersion { properties["Bootloader"] = bl }
        if let bn = info.buildNumber { properties["BuildNumber"] = String(bn) }
        if let pv = info.protocolVersion { properties["ProtocolVersion"] = String(pv) }
        if let ps = status.presetCode { properties["ReportedPresetCode"] = String(ps) }
        var streams = [
            StreamDescriptor(
                name: "eeg", kind: .eeg, channelLabels: preset.eegChannelLabels, unit: "uV", samplingRate: MuseScale.eegNominalRate,
                rawCoding: .init(
                    bits: 12, scale: MuseScale.eegMicrovoltsPerCode, offset: -Double(MuseScale.eegZeroCode) * MuseScale.eegMicrovoltsPerCode),
                physicalRange: -1000...999.51171875),
            StreamDescriptor(
                name: "accelerometer", kind: .accelerometer, channelLabels: ["x", "y", "z"], unit: "g", samplingRate: MuseScale.imuNominalRate),
            StreamDescriptor(
                name: "gyroscope", kind: .gyroscope, channelLabels: ["x", "y", "z"], unit: "deg/s", samplingRate: MuseScale.imuNominalRate),
            StreamDescriptor(
                name: "telemetry", kind: .telemetry, channelLabels: ["battery", "fuelGauge", "adc", "temperature"], unit: "%, mV, counts, C",
                samplingRate: 0),
        ]
        if preset.includesPPG {
            streams.append(
                StreamDescriptor(name: "ppg", kind: .ppg, channelLabels: ["infrared"], unit: "counts", samplingRate: MuseScale.ppgNominalRate))
        }
        return DeviceDescriptor(
            kind: "muse", manufacturer: "InteraXon", model: "Muse", serial: status.serialNumber, firmware: info.firmwareVersion,
            hardware: info.hardwareVersion, properties: properties, streams: streams, electrodeGroups: DeviceDescriptor.museElectrodeGroups,
            origin: status.origin(at: device), decoder: MuseDecoderVersion.classic)
    }

    /// One clear error for whatever connecting or talking to the headband threw.
    static func sourceError(_ error: any Error) -> any Error {
        switch error {
        case let e as DataSourceError: return e
        case is CancellationError: return error
        case let e as TransportError:
            switch e {
            case .bluetoothUnavailable, .noAdapter: return DataSourceError.noBluetoothAdapter("\(e)")
            case .noSuchSocket, .socketRefused, .unreachable, .refused: return DataSourceError.deviceNotFound("\(e)")
            default: return DataSourceError.disconnected("\(e)")
            }
        default: return DataSourceError.disconnected("\(error)")
        }
    }
}
