import DataSources
import Foundation

/// The Muse S Athena's part of a ``MuseStreamSession``: its control sequence, learning its streams
/// from the first data, and decoding its multiplexed notifications (``AthenaStreams``).
extension MuseStreamSession {
    /// How long after starting the streams the session waits for the first data to learn which
    /// streams the preset carries (signal seconds): long enough for every sensor's first block.
    static let athenaLearningSeconds = 1.0

    /// The Athena's highest 14-bit EEG code, at which (as at 0) an electrode without skin contact rails.
    static let athenaRailCode: UInt16 = 16383

    /// At most this many notifications are held before the streams are known (about 60 s of data).
    static let athenaPendingLimit = 4096

    /// The Athena's control sequence (the public clients'): `v6`, `s`, `h`, the preset, `s`, `dc001`
    /// twice (once is reported not to be enough), `L1`, `s`; then the streams are learned from the
    /// tags of the first second of data and announced.
    mutating func connectAthena(_ newLink: MuseLink, first: Bool) async throws {
        let preset: AthenaPreset
        do {
            preset = try AthenaPreset(parsing: configuration.requestedPreset ?? AthenaPreset.standard.rawValue)
        } catch {
            throw DataSourceError.invalidConfiguration(
                "preset \(configuration.requestedPreset ?? "") is not one of a Muse S Athena's: \(AthenaPreset.supportedList)")
        }
        // After a reconnect, data arriving during the commands below belongs to a new segment.
        athena?.newSegment()
        try await newLink.enableNotifications(.control)
        let version = try await command(.raw("v6"), reply: { $0 })
        let firstStatus = try await command(.status, reply: { $0 })
        try send(.halt)
        try send(.raw(preset.rawValue))
        let status = try await command(.status, reply: { $0 })
        try await newLink.enableNotifications(.athena)
        try await newLink.enableNotifications(.athenaSecondary, optional: true)
        try send(.raw("dc001"))
        try send(.raw("dc001"))
        try send(.raw("L1"))
        _ = try await command(.status, reply: { $0 })
        var held: [ATTNotification] = []
        if first {
            var streams = AthenaStreams(timeScale: configuration.timeScale, slack: Self.advanceSlack(configuration))
            held = try await learnAthenaStreams(into: &streams)
            for n in held { streams.prime(n.value, receivedAt: n.receivedAt) }
            athena = streams
        }
        guard let streams = athena else { throw DataSourceError.disconnected("the Muse S Athena's streams are unknown") }
        let t = now()
        lastObserved = t
        heardData(at: t)
        lastKeepAlive = t
        rateReference = nil
        if first {
            let d = Self.athenaDescriptor(
                preset: preset, version: version, status: status, firstStatus: firstStatus, streams: streams, device: configuration.device)
            descriptor = d
            await emit(.started(d))
        }
        await emit(.state(.connected, true))
        for n in held { await handle(n) }
    }

    /// Reads data until it holds ``athenaLearningSeconds`` of EEG (data that arrived during the
    /// control sequence included), and returns it for decoding once the streams are announced. The
    /// amount is counted in the data, not read off arrival times, so a host that stalls (a busy
    /// machine) cannot end the learning before a sparser stream (optics) was seen. It ends earlier
    /// only when data stops for three times that long, or fails when no EEG came within the request
    /// timeout.
    private mutating func learnAthenaStreams(into streams: inout AthenaStreams) async throws -> [ATTNotification] {
        var held = athenaPending
        athenaPending = []
        var lastData: Double?
        func take(_ n: ATTNotification) -> Bool {
            streams.learn(n.value)
            lastData = Double(n.receivedAt) / 1e9
            return streams.learnedEEGSeconds >= Self.athenaLearningSeconds && streams.eegChannels > 0
        }
        for n in held where take(n) { return held }
        let deadline = context.clock.monotonicNow() + configuration.requestTimeout
        while let input = kept(await inputs?.next()) {
            switch input {
            case .notification(let n):
                if let c = link?.characteristic(at: n.handle), c == .athena || c == .athenaSecondary {
                    held.append(n)
                    if take(n) { return held }
                }
            case .tick, .silent:
                if let last = lastData, now() - last >= 3 * Self.athenaLearningSeconds, streams.eegChannels > 0 { return held }
                if context.clock.monotonicNow() >= deadline {
                    if streams.eegChannels > 0 { return held }
                    throw DataSourceError.disconnected(
                        "the Muse S Athena sent no EEG within \(Int(configuration.requestTimeout)) s of being started")
                }
            case .closed(let why):
                throw DataSourceError.disconnected(why)
            }
        }
        throw CancellationError()
    }

    /// Decodes one Athena data notification and delivers its samples, battery and corrupt count.
    mutating func handleAthena(_ n: ATTNotification) async {
        guard var streams = athena else {
            if athenaPending.count < Self.athenaPendingLimit { athenaPending.append(n) }
            return
        }
        let out = streams.receive(n.value, receivedAt: n.receivedAt, utc: utc)
        athena = streams
        for block in out.blocks {
            await emit(.samples(block))
            guard block.stream == "eeg" else { continue }
            checkRate(sampleIndex: block.firstIndex, receivedAt: n.receivedAt)
            // On the head: judged on TP9, AF7, AF8 and TP10 (the extra channels' electrodes are not
            // established), whose codes rail at 0 or 16383 without skin contact as the classic's do.
            if let raw = block.raw {
                let judged = min(4, block.channelCount)
                var railed = 0
                for row in 0..<block.count {
                    for c in 0..<judged where raw[row * block.channelCount + c] == 0 || raw[row * block.channelCount + c] == Self.athenaRailCode {
                        railed += 1
                    }
                }
                await judgeOnHead(railed: railed, present: block.count * judged, rows: block.count)
            }
        }
        for b in out.battery { await report(battery: b) }
        await reportCorruption(at: n.receivedAt)
    }

    /// The device descriptor of an Athena: model, identity from the replies (kept raw as well, since
    /// the Athena's reply keys are not documented), the preset, and the streams learned from the tags.
    static func athenaDescriptor(
        preset: AthenaPreset, version: MuseControlReply, status: MuseControlReply, firstStatus: MuseControlReply, streams: AthenaStreams,
        device: DeviceAddress
    ) -> DeviceDescriptor {
        var properties: [String: String] = [
            "Preset": preset.rawValue, "Address": device.description, "Model": "Muse S Athena (MS-03)",
            "Protocol": "Athena multiplexed 14-bit (MS-03)", "EEGChannelNames": "provisional beyond TP9, AF7, AF8, TP10",
        ]
        var serial: String?, firmware: String?, hardware: String?
        var origin: SignalOrigin = MuseStatus().origin(at: device)
        for (key, reply) in [("VersionReply", version), ("StatusReply", status), ("FirstStatusReply", firstStatus)] {
            switch reply {
            case .deviceInfo(let info):
                firmware = firmware ?? info.firmwareVersion
                hardware = hardware ?? info.hardwareVersion
                if let bn = info.buildNumber { properties["BuildNumber"] = String(bn) }
                if let bl = info.bootloaderVersion { properties["Bootloader"] = bl }
            case .status(let s):
                if origin == .headband || s.simulation == "replay" { origin = s.origin(at: device) }
                serial = serial ?? s.serialNumber
                if let name = s.headsetName { properties["Name"] = name }
                if let mac = s.macAddress { properties["MACAddress"] = mac }
            case .other(let json): properties[key] = String(json.prefix(512))
            case .acknowledgement: break
            }
        }
        if streams.opticsChannels > 0 {
            let layout = AthenaChannels.optics(count: streams.opticsChannels)
            properties["OpticsWavelengthsNM"] = layout.map { String(Int($0.wavelength)) }.joined(separator: ",")
            properties["OpticsLabels"] = "provisional: " + layout.map(\.label).joined(separator: ",")
            properties["OpticsScale"] = "counts; the public decoder divides by 32768"
        }
        return DeviceDescriptor(
            kind: "muse", manufacturer: "InteraXon", model: "Muse S Athena", serial: serial, firmware: firmware, hardware: hardware,
            properties: properties, streams: streams.descriptors, electrodeGroups: DeviceDescriptor.museElectrodeGroups, origin: origin,
            decoder: MuseDecoderVersion.athena)
    }
}
