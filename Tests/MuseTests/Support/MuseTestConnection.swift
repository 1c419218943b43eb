import Foundation
import Glibc
import TestSupport

@testable import Muse

/// A simulated headband on a short socket path with a connected, discovered ATT client.
final class MuseTestConnection: @unchecked Sendable {
    let directory: ShortSocketDirectory
    let headband: SimulatedHeadband
    let client: ATTClient
    let services: [GATTService]
    let museService: GATTService
    let characteristics: [GATTCharacteristic]

    init(_ configuration: SimulatedHeadband.Configuration = .init(), clientTimeout: Double = 5) async throws {
        directory = try ShortSocketDirectory()
        headband = SimulatedHeadband(path: directory.socket(), configuration: configuration)
        try headband.start()
        let fd = try UnixSeqpacketConnector().connect(path: headband.path)
        client = ATTClient(fileDescriptor: fd, configuration: .init(requestTimeout: clientTimeout))
        services = try await client.discoverPrimaryServices()
        guard let muse = services.first(where: { $0.uuid == MuseCharacteristic.service }) else {
            throw ATTError.errorResponse(request: 0x10, handle: 0, code: 0x0A)
        }
        museService = muse
        characteristics = try await client.discoverCharacteristics(in: muse)
    }

    func characteristic(_ kind: MuseCharacteristic) -> GATTCharacteristic? {
        characteristics.first { $0.uuid == kind.uuid }
    }

    func subscribe(_ kinds: [MuseCharacteristic]) async throws {
        for kind in kinds {
            guard let c = characteristic(kind) else { throw ATTError.errorResponse(request: 0x08, handle: 0, code: 0x0A) }
            try await client.enableNotifications(for: c)
        }
    }

    func command(_ text: String) throws {
        guard let control = characteristic(.control) else { return }
        try client.writeWithoutResponse(handle: control.valueHandle, value: MusePacketEncoder.command(text))
    }

    func finish() {
        client.close()
        headband.stop()
    }
}
