/// The GATT characteristics of the legacy Muse protocol (MU-02, MU-03, MS-01, MS-02), by the 16-bit
/// part of their 128-bit UUID `273eXXXX-4c4d-454d-96be-f03bac821358`.
///
/// Handles differ between firmwares, so a client discovers the characteristics and routes
/// notifications by UUID, never by handle. ``athena`` and ``athenaSecondary`` carry the 2025 Muse S
/// Athena's multiplexed packets (``AthenaNotification``).
///
/// UUIDs are plain lowercase strings here so this module stays free of any Bluetooth type.
package enum MuseCharacteristic: UInt16, CaseIterable, Sendable {
    /// Control: commands are written here and JSON replies arrive as notifications (``MuseCommand``).
    case control = 0x0001
    /// EEG electrode TP9 (left ear).
    case tp9 = 0x0003
    /// EEG electrode AF7 (left forehead).
    case af7 = 0x0004
    /// EEG electrode AF8 (right forehead).
    case af8 = 0x0005
    /// EEG electrode TP10 (right ear).
    case tp10 = 0x0006
    /// The right auxiliary EEG input (micro-USB pin), streamed only by presets with AUX.
    case rightAux = 0x0007
    /// Gyroscope, three samples per packet (``IMUPacket``).
    case gyroscope = 0x0009
    /// Accelerometer, three samples per packet (``IMUPacket``).
    case accelerometer = 0x000A
    /// Battery, fuel gauge and temperature (``TelemetryPacket``).
    case telemetry = 0x000B
    /// PPG channel 1 ("ambient" on Muse 2).
    case ppg1 = 0x000F
    /// PPG channel 2 ("infrared" on Muse 2, green on Muse S).
    case ppg2 = 0x0010
    /// PPG channel 3 ("red" on Muse 2, nearly empty on Muse S).
    case ppg3 = 0x0011
    /// Present only on the Muse S Athena (MS-03), whose multiplexed data packets arrive here; its
    /// presence tells an Athena from a classic headband.
    case athena = 0x0013
    /// The Muse S Athena's second data characteristic (same packet format as ``athena``).
    case athenaSecondary = 0x0014

    /// The vendor service (InteraXon's 16-bit `0xFE8D`) as a full 128-bit UUID string.
    package static let serviceUUIDString = "0000fe8d-0000-1000-8000-00805f9b34fb"

    /// The EEG characteristics in channel-slot order: TP9, AF7, AF8, TP10, right AUX.
    package static let eegChannels: [MuseCharacteristic] = [.tp9, .af7, .af8, .tp10, .rightAux]

    /// The PPG characteristics in order.
    package static let ppgChannels: [MuseCharacteristic] = [.ppg1, .ppg2, .ppg3]

    /// The 128-bit UUID, lowercase, e.g. `273e0003-4c4d-454d-96be-f03bac821358` for TP9.
    package var uuidString: String {
        let hex = String(rawValue, radix: 16)
        return "273e" + String(repeating: "0", count: 4 - hex.count) + hex + "-4c4d-454d-96be-f03bac821358"
    }

    /// The characteristic with this UUID (any letter case), or `nil` for anything else.
    package init?(uuidString: String) {
        let lower = uuidString.lowercased()
        guard let match = Self.allCases.first(where: { $0.uuidString == lower }) else { return nil }
        self = match
    }

    /// The EEG channel slot (0 = TP9 … 4 = right AUX) for an EEG characteristic, `nil` otherwise.
    /// Slots are the channel positions ``EEGBlockAssembler`` expects.
    package var eegSlot: Int? {
        Self.eegChannels.firstIndex(of: self)
    }
}
