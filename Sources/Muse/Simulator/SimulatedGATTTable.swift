/// The simulated headband's attribute table. Deliberately unlike muselsl's handle map, so clients must
/// discover: Generic Access (0x1800, with the device name) and Generic Attribute (0x1801, with Service
/// Changed) come first, and the Muse service 0xFE8D starts at ``museServiceStart`` (0x0020). Each
/// Muse characteristic is a declaration, a value and a CCCD (0x2902).
package struct SimulatedGATTTable: Sendable {
    /// Where the Muse service begins.
    package static let museServiceStart: UInt16 = 0x0020

    /// All attributes in handle order.
    package let attributes: [SimulatedAttribute]
    /// The primary services in handle order.
    package let services: [GATTService]
    /// The Muse characteristics in handle order.
    package let characteristics: [SimulatedCharacteristic]
    /// The device name value's handle.
    package let deviceNameHandle: UInt16

    /// The table for `deviceName`: a classic Muse's, or a Muse S Athena's (control, 273e0013, 273e0014)
    /// if `includesAthena`.
    package init(deviceName: String, includesAthena: Bool) {
        var attributes: [SimulatedAttribute] = []
        var services: [GATTService] = []
        func declare(_ handle: UInt16, properties: GATTCharacteristicProperties, value: UInt16, uuid: BluetoothUUID) {
            var bytes: [UInt8] = [properties.rawValue]
            bytes.appendLE(value)
            bytes += uuid.wire
            attributes.append(SimulatedAttribute(handle: handle, type: .characteristicDeclaration, value: bytes))
        }
        // Generic Access: 0x0001-0x0003.
        attributes.append(SimulatedAttribute(handle: 0x0001, type: .primaryService, value: BluetoothUUID(0x1800).wire))
        declare(0x0002, properties: .read, value: 0x0003, uuid: BluetoothUUID(0x2A00))
        attributes.append(SimulatedAttribute(handle: 0x0003, type: BluetoothUUID(0x2A00), value: Array(deviceName.utf8)))
        services.append(GATTService(start: 0x0001, end: 0x0003, uuid: BluetoothUUID(0x1800)))
        // Generic Attribute: 0x0004-0x0007.
        attributes.append(SimulatedAttribute(handle: 0x0004, type: .primaryService, value: BluetoothUUID(0x1801).wire))
        declare(0x0005, properties: .indicate, value: 0x0006, uuid: BluetoothUUID(0x2A05))
        attributes.append(SimulatedAttribute(handle: 0x0006, type: BluetoothUUID(0x2A05), value: [0x01, 0x00, 0xFF, 0xFF]))
        attributes.append(SimulatedAttribute(handle: 0x0007, type: .clientCharacteristicConfiguration, value: [0, 0]))
        services.append(GATTService(start: 0x0004, end: 0x0007, uuid: BluetoothUUID(0x1801)))
        // Muse.
        let start = Self.museServiceStart
        attributes.append(SimulatedAttribute(handle: start, type: .primaryService, value: MuseCharacteristic.service.wire))
        let kinds: [MuseCharacteristic] =
            includesAthena
            ? [.control, .athena, .athenaSecondary]
            : [.control, .tp9, .af7, .af8, .tp10, .rightAux, .gyroscope, .accelerometer, .telemetry, .ppg1, .ppg2, .ppg3]
        var characteristics: [SimulatedCharacteristic] = []
        var handle = start + 1
        for kind in kinds {
            let properties: GATTCharacteristicProperties =
                kind == .control || kind == .athena ? [.notify, .write, .writeWithoutResponse] : [.notify]
            declare(handle, properties: properties, value: handle + 1, uuid: kind.uuid)
            attributes.append(SimulatedAttribute(handle: handle + 1, type: kind.uuid, value: []))
            attributes.append(SimulatedAttribute(handle: handle + 2, type: .clientCharacteristicConfiguration, value: [0, 0]))
            characteristics.append(
                SimulatedCharacteristic(
                    kind: kind, declarationHandle: handle, valueHandle: handle + 1, cccdHandle: handle + 2))
            handle += 3
        }
        services.append(GATTService(start: start, end: handle - 1, uuid: MuseCharacteristic.service))
        self.attributes = attributes
        self.services = services
        self.characteristics = characteristics
        deviceNameHandle = 0x0003
    }

    /// The placement of `kind`, if the table has it.
    package func characteristic(_ kind: MuseCharacteristic) -> SimulatedCharacteristic? {
        characteristics.first { $0.kind == kind }
    }

    /// The attribute at `handle`.
    package func attribute(at handle: UInt16) -> SimulatedAttribute? {
        attributes.first { $0.handle == handle }
    }
}
