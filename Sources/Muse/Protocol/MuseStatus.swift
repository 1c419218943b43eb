package import DataSources

/// The headband's answer to `s` (``MuseCommand/status``), e.g.
/// `{"hn":"Muse-1324","sn":"2031-TZRW-1324","ma":"00-55-da-b0-13-24","id":"…","bp":82,"ts":0,"ps":32,"rc":0}`.
///
/// Every field is optional and read leniently, as in ``MuseDeviceInfo``.
package struct MuseStatus: Sendable, Equatable {
    /// `hn`: the advertised name, e.g. `"Muse-1324"`.
    package var headsetName: String?
    /// `sn`: serial number.
    package var serialNumber: String?
    /// `ma`: MAC address as the device writes it, e.g. `"00-55-da-b0-13-24"`.
    package var macAddress: String?
    /// `id`: device identifier.
    package var identifier: String?
    /// `bp`: battery level in percent.
    package var batteryPercent: Double?
    /// `ts`: meaning undocumented; kept as sent.
    package var ts: Int?
    /// `ps`: the active preset as a number; `32` after `p20`, so probably the preset's name read as
    /// hexadecimal (see ``preset``).
    package var presetCode: Int?
    /// `rc`: result code, 0 = OK.
    package var resultCode: Int?
    /// `sim`: sent only by the project's ``SimulatedHeadband`` (never by a real headband): `replay`
    /// when it plays a capture, `generated` when it makes its own signal.
    package var simulation: String?

    /// Creates a status from its fields.
    package init(
        headsetName: String? = nil, serialNumber: String? = nil, macAddress: String? = nil,
        identifier: String? = nil, batteryPercent: Double? = nil, ts: Int? = nil,
        presetCode: Int? = nil, resultCode: Int? = nil, simulation: String? = nil
    ) {
        self.headsetName = headsetName
        self.serialNumber = serialNumber
        self.macAddress = macAddress
        self.identifier = identifier
        self.batteryPercent = batteryPercent
        self.ts = ts
        self.presetCode = presetCode
        self.resultCode = resultCode
        self.simulation = simulation
    }

    /// Reads an `s` reply; `nil` only when `json` is not a JSON object at all.
    package init?(json: String) {
        guard let fields = JSONFields(json: json) else { return nil }
        self.init(
            headsetName: fields.string("hn"), serialNumber: fields.string("sn"),
            macAddress: fields.string("ma"), identifier: fields.string("id"),
            batteryPercent: fields.double("bp"), ts: fields.int("ts"),
            presetCode: fields.int("ps"), resultCode: fields.int("rc"), simulation: fields.string("sim")
        )
    }

    /// The preset ``presetCode`` denotes when read as hexadecimal (`32` = 0x20 → ``MusePreset/p20``),
    /// `nil` when it is absent or not a supported preset. The hexadecimal reading is inferred from
    /// one observed reply, not documented by InteraXon.
    package var preset: MusePreset? {
        guard let code = presetCode, code >= 0, code <= 0xFF else { return nil }
        return MusePreset(rawValue: "p" + String(code, radix: 16))
    }

    /// Where the signal of a headband at `address` that answered with this status comes from: a
    /// simulated headband when the address is a Unix socket (only the simulator serves one) or the
    /// reply carries the simulator's `sim` field, a replayed capture when that field says `replay`,
    /// a real headband otherwise.
    package func origin(at address: DeviceAddress) -> SignalOrigin {
        if simulation == "replay" { return .replayedCapture }
        if case .unixSocket = address { return .simulatedHeadband }
        return simulation == nil ? .headband : .simulatedHeadband
    }
}
