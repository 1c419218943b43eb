/// The Muse vendor characteristics (`273eXXXX-4c4d-454d-96be-f03bac821358`) of the legacy 12-bit
/// family, plus the Athena probe `273e0013`. Route notifications by these UUIDs after discovery;
/// handles differ between firmwares.
public enum MuseCharacteristic: UInt16, CaseIterable, Sendable {
    /// Control: write commands, notified JSON replies.
    case control = 0x0001
    /// EEG TP9.
    case tp9 = 0x0003
    /// EEG AF7.
    case af7 = 0x0004
    /// EEG AF8.
    case af8 = 0x0005
    /// EEG TP10.
    case tp10 = 0x0006
    /// EEG right AUX (presets 20 and 50).
    case rightAux = 0x0007
    /// Gyroscope.
    case gyroscope = 0x0009
    /// Accelerometer.
    case accelerometer = 0x000A
    /// Telemetry (battery, fuel gauge, temperature).
    case telemetry = 0x000B
    /// PPG 1 (ambient on Muse 2).
    case ppg1 = 0x000F
    /// PPG 2 (infrared on Muse 2).
    case ppg2 = 0x0010
    /// PPG 3 (red on Muse 2).
    case ppg3 = 0x0011
    /// Muse S Athena's multiplexed data characteristic: its presence means the unsupported protocol.
    case athena = 0x0013

    /// The InteraXon service, 0xFE8D.
    public static let service = BluetoothUUID(0xFE8D)

    /// The EEG characteristics in channel order TP9, AF7, AF8, TP10, right AUX.
    public static let eegChannels: [MuseCharacteristic] = [.tp9, .af7, .af8, .tp10, .rightAux]

    /// The full UUID.
    public var uuid: BluetoothUUID {
        var bytes: [UInt8] = [0x27, 0x3E, UInt8(rawValue >> 8), UInt8(rawValue & 0xFF)]
        bytes += [0x4C, 0x4D, 0x45, 0x4D, 0x96, 0xBE, 0xF0, 0x3B, 0xAC, 0x82, 0x13, 0x58]
        return BluetoothUUID(canonicalBytes: bytes) ?? BluetoothUUID(rawValue)
    }

    /// The characteristic with `uuid`, if it is one of these.
    public init?(uuid: BluetoothUUID) {
        guard let match = Self.allCases.first(where: { $0.uuid == uuid }) else { return nil }
        self = match
    }

    /// The EEG channel index (0 TP9 … 4 right AUX), `nil` for other characteristics.
    public var eegChannel: Int? { Self.eegChannels.firstIndex(of: self) }
}
