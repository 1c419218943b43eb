/// Why a source could not start or stopped delivering.
public enum DataSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The machine has no usable Bluetooth adapter (or its kernel has no Bluetooth support); the
    /// value is the whole line shown to the user, naming Bluetooth and what to do.
    case noBluetoothAdapter(String)
    /// No device of the requested kind answered within the time allowed.
    case deviceNotFound(String)
    /// The connection to the device was lost.
    case disconnected(String)
    /// A stored recording could not be read for playback.
    case unreadableRecording(String)
    /// The source was configured with values it cannot honour.
    case invalidConfiguration(String)
    /// ``DataController/start()`` was called while the controller was already running.
    case alreadyRunning
    /// The device answered but is of a kind or generation this source does not support.
    case unsupportedDevice(String)
    /// The device delivers data that cannot be true (e.g. samples much faster than its rate): it is
    /// faulty; the value says what was seen.
    case deviceFault(String)

    public var description: String {
        switch self {
        case .noBluetoothAdapter(let line): line
        case .deviceNotFound(let what): "device not found: \(what)"
        case .disconnected(let why): "device disconnected: \(why)"
        case .unreadableRecording(let why): "cannot play back recording: \(why)"
        case .invalidConfiguration(let why): "invalid source configuration: \(why)"
        case .alreadyRunning: "the data controller is already running"
        case .unsupportedDevice(let why): "unsupported device: \(why)"
        case .deviceFault(let what): "device fault: \(what)"
        }
    }
}
