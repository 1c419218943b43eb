/// Which inertial sensor an ``IMUPacket`` came from; the two share a layout and differ in scale.
package enum IMUSensor: Sendable, Equatable, CaseIterable {
    /// The accelerometer, in g.
    case accelerometer
    /// The gyroscope, in degrees per second.
    case gyroscope

    /// The unit per count (``MuseScale/accelerometerGPerCount`` or
    /// ``MuseScale/gyroscopeDegreesPerSecondPerCount``).
    package var scale: Double {
        switch self {
        case .accelerometer: MuseScale.accelerometerGPerCount
        case .gyroscope: MuseScale.gyroscopeDegreesPerSecondPerCount
        }
    }

    /// The characteristic that carries this sensor.
    package var characteristic: MuseCharacteristic {
        switch self {
        case .accelerometer: .accelerometer
        case .gyroscope: .gyroscope
        }
    }

    /// The unit of the scaled values.
    package var unit: String {
        switch self {
        case .accelerometer: "g"
        case .gyroscope: "deg/s"
        }
    }
}
