import DataSources
import Foundation
import Synchronization

/// One connection to a headband: the ATT client, the discovered characteristics by kind, and one
/// input stream that merges notifications with a periodic tick (for assembly timeouts, keep-alives
/// and silence detection), so a ``MuseStreamSession`` handles everything in one loop.
final class MuseLink: Sendable {
    /// What the session's loop receives.
    enum Input: Sendable {
        case notification(ATTNotification)
        case tick
        case closed(String)
    }

    let client: ATTClient
    let inputs: AsyncStream<Input>
    private let byKind: [MuseCharacteristic: GATTCharacteristic]
    private let byHandle: [UInt16: MuseCharacteristic]
    private let tasks: Mutex<[Task<Void, Never>]>

    private init(client: ATTClient, characteristics: [MuseCharacteristic: GATTCharacteristic], tick: Double, clock: any HostClock) {
        self.client = client
        byKind = characteristics
        byHandle = Dictionary(characteristics.map { ($0.value.valueHandle, $0.key) }, uniquingKeysWith: { a, _ in a })
        let (stream, continuation) = AsyncStream<Input>.makeStream(bufferingPolicy: .unbounded)
        inputs = stream
        let pump = Task {
            for await n in client.notifications { continuation.yield(.notification(n)) }
            continuation.yield(.closed("the headband closed the connection"))
            continuation.finish()
        }
        let ticker = Task {
            while !Task.isCancelled {
                do { try await clock.sleep(untilMonotonic: clock.monotonicNow() + max(0.002, tick)) } catch { break }
                continuation.yield(.tick)
            }
        }
        tasks = Mutex([pump, ticker])
    }

    /// Connects to `device`, discovers the Muse service and its characteristics, and refuses devices
    /// that are not a Muse; a Muse S Athena gets an ATT MTU of 247 or is refused in one line.
    static func connect(
        _ device: DeviceAddress, requestTimeout: Double, scanDuration: Double, receiveClock: @escaping @Sendable () -> UInt64, tick: Double,
        clock: any HostClock
    ) async throws -> MuseLink {
        let fd: Int32
        do {
            switch device {
            case .unixSocket(let path):
                fd = try UnixSeqpacketConnector().connect(path: path)
            case .bluetooth(let address):
                fd = try await L2CAPConnector().connect(to: address)
            case .name(let name):
                let found = try await HeadbandScanner(duration: scanDuration).scan()
                guard let match = found.first(where: { name.isEmpty || $0.name == name }) else {
                    throw DataSourceError.deviceNotFound(
                        name.isEmpty
                            ? "no Muse headband found by a \(Int(scanDuration)) s Bluetooth scan: is it switched on and not connected elsewhere?"
                            : "no headband named \(name) found by a \(Int(scanDuration)) s Bluetooth scan")
                }
                fd = try await L2CAPConnector().connect(to: match.address)
            }
        } catch {
            throw MuseStreamSession.sourceError(error)
        }
        let client = ATTClient(fileDescriptor: fd, configuration: .init(requestTimeout: requestTimeout, clock: receiveClock))
        do {
            let services = try await client.discoverPrimaryServices()
            guard let service = services.first(where: { $0.uuid == MuseCharacteristic.service }) else {
                throw DataSourceError.unsupportedDevice("\(device) has no Muse service (0xFE8D): not a Muse headband")
            }
            var characteristics: [MuseCharacteristic: GATTCharacteristic] = [:]
            for c in try await client.discoverCharacteristics(in: service) {
                if let kind = MuseCharacteristic(uuid: c.uuid), characteristics[kind] == nil { characteristics[kind] = c }
            }
            if characteristics[.athena] != nil {
                guard characteristics[.control] != nil else {
                    throw DataSourceError.unsupportedDevice("\(device) is a Muse S Athena without the control characteristic")
                }
                // Data notifications are up to 244 bytes: they need an ATT MTU of at least 247.
                let agreed = try await client.exchangeMTU(Self.athenaMTU)
                guard agreed >= Self.athenaMTU else {
                    throw DataSourceError.unsupportedDevice(
                        "the Muse S Athena agreed to an ATT MTU of \(agreed) bytes; its 244-byte data packets need \(Self.athenaMTU)")
                }
                return MuseLink(client: client, characteristics: characteristics, tick: tick, clock: clock)
            }
            guard characteristics[.control] != nil, characteristics[.tp9] != nil else {
                throw DataSourceError.unsupportedDevice("\(device) lacks the Muse control or EEG characteristics")
            }
            return MuseLink(client: client, characteristics: characteristics, tick: tick, clock: clock)
        } catch {
            client.close()
            throw MuseStreamSession.sourceError(error)
        }
    }

    /// The ATT MTU a Muse S Athena needs (244-byte notifications plus the 3-byte header).
    static let athenaMTU: UInt16 = 247

    /// Whether the headband is a Muse S Athena (it has 273e0013).
    var isAthena: Bool { byKind[.athena] != nil }

    /// Enables notifications of `kind`; a characteristic the headband lacks is an error unless optional.
    func enableNotifications(_ kind: MuseCharacteristic, optional: Bool = false) async throws {
        guard let c = byKind[kind] else {
            if optional { return }
            throw DataSourceError.unsupportedDevice("the headband has no \(kind) characteristic")
        }
        _ = try await client.enableNotifications(for: c)
    }

    /// Writes `bytes` to `kind` without response (commands to the control characteristic).
    func write(_ kind: MuseCharacteristic, _ bytes: [UInt8]) throws {
        guard let c = byKind[kind] else { throw DataSourceError.unsupportedDevice("the headband has no \(kind) characteristic") }
        try client.writeWithoutResponse(handle: c.valueHandle, value: bytes)
    }

    /// The value handle of `kind`, if discovered.
    func handle(of kind: MuseCharacteristic) -> UInt16? { byKind[kind]?.valueHandle }

    /// The characteristic whose value handle is `handle`.
    func characteristic(at handle: UInt16) -> MuseCharacteristic? { byHandle[handle] }

    /// Closes the connection and stops the input stream's tasks.
    func close() {
        client.close()
        tasks.withLock { $0.forEach { $0.cancel() } }
    }
}
