/// The telemetry notification: battery, fuel-gauge voltage, an unidentified ADC value and temperature.
///
/// Layout (20 bytes, big-endian u16): sequence, battery, fuel gauge, ADC, temperature, then ten bytes
/// of padding (muselsl and muse-js agree).
package struct TelemetryPacket: Sendable, Equatable {
    /// The packet sequence number.
    package var sequence: UInt16
    /// The battery level as sent; ``batteryPercent`` converts it.
    package var batteryRaw: UInt16
    /// The fuel-gauge voltage as sent; ``fuelGaugeMillivolts`` converts it.
    package var fuelGaugeRaw: UInt16
    /// A value the peers label "ADC volts?"; its meaning is unknown, so it is kept raw.
    package var adcRaw: UInt16
    /// The temperature as sent, presumably °C.
    package var temperature: UInt16

    /// Creates a packet from its fields.
    package init(sequence: UInt16, batteryRaw: UInt16, fuelGaugeRaw: UInt16, adcRaw: UInt16, temperature: UInt16) {
        self.sequence = sequence
        self.batteryRaw = batteryRaw
        self.fuelGaugeRaw = fuelGaugeRaw
        self.adcRaw = adcRaw
        self.temperature = temperature
    }

    /// Decodes a notification; throws unless it is exactly 20 bytes.
    package init(payload: some Collection<UInt8>) throws(MuseProtocolError) {
        let bytes = try PayloadBytes(payload, packet: "telemetry")
        self.init(
            sequence: bytes.uint16(at: 0), batteryRaw: bytes.uint16(at: 2), fuelGaugeRaw: bytes.uint16(at: 4),
            adcRaw: bytes.uint16(at: 6), temperature: bytes.uint16(at: 8)
        )
    }

    /// The battery level in percent (`raw / 512`).
    package var batteryPercent: Double { Double(batteryRaw) * MuseScale.batteryPercentPerCount }

    /// The fuel-gauge voltage in mV (`raw × 2.2`).
    package var fuelGaugeMillivolts: Double { Double(fuelGaugeRaw) * MuseScale.fuelGaugeMillivoltsPerCount }
}
