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
        /// The timer; a stored one (a redecoding) carries the exact receive-clock moment it had.
        case tick(UInt64?)
        case closed(String)
        /// A redecoding reached the moment the live session found the link silent.
        case silent
    }

    /// The ATT client; `nil` for a link replaying stored notifications.
    let client: ATTClient?
    let inputs: AsyncStream<Input>
    private let byKind: [MuseCharacteristic: GATTCharacteristic]
    private let byHandle: [UInt16: MuseCharacteristic]
    private let tasks: Mutex<[Task<Void, Never>]>

    /// A link that plays `feed`'s stored entries instead of talking to a headband: each
    /// characteristic named in the feed gets a handle, writes and subscriptions do nothing, and the
    /// session's own notes become its timer and link inputs. It ends at a stored link note or at the
    /// end of the feed.
    init(replaying feed: StoredNotificationFeed) {
        client = nil
        var characteristics: [MuseCharacteristic: GATTCharacteristic] = [:]
        for c in MuseCharacteristic.allCases where feed.channelNames.contains(c.uuidString) || c == .control {
            let handle = c.rawValue &* 2 &+ 1
            characteristics[c] = GATTCharacteristic(
                declarationHandle: handle &- 1, properties: [.notify], valueHandle: handle, uuid: BluetoothUUID(c.uuidString)!, endHandle: handle)
        }
        byKind = characteristics
        byHandle = Dictionary(characteristics.map { ($0.value.valueHandle, $0.key) }, uniquingKeysWith: { a, _ in a })
        let handles = characteristics.mapValues(\.valueHandle)
        let ended = SetOnceFlag()
        inputs = AsyncStream(unfolding: {
            if ended.isSet { return nil }
            while let e = feed.next() {
                switch e.channel {
                case MuseStreamSession.timerChannel:
                    return .tick(UInt64(max(0, e.receiveClock)))
                case MuseStreamSession.linkChannel:
                    ended.set()
                    return e.bytes == Array(MuseStreamSession.silentNote.utf8) ? .silent : .closed("the link closed")
                default:
                    guard let c = MuseCharacteristic(uuidString: e.channel), let h = handles[c] else { continue }
                    return .notification(ATTNotification(handle: h, value: e.bytes, receivedAt: UInt64(max(0, e.receiveClock))))
                }
            }
            ended.set()
            return .closed(MuseRedecoding.endOfStoredNotifications)
        })
        tasks = Mutex([])
    }

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
                continuation.yield(.tick(nil))
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
        _ = try await client?.enableNotifications(for: c)
    }

    /// Writes `bytes` to `kind` without response (commands to the control characteristic).
    func write(_ kind: MuseCharacteristic, _ bytes: [UInt8]) throws {
        guard let c = byKind[kind] else { throw DataSourceError.unsupportedDevice("the headband has no \(kind) characteristic") }
        try client?.writeWithoutResponse(handle: c.valueHandle, value: bytes)
    }

    /// The value handle of `kind`, if discovered.
    func handle(of kind: MuseCharacteristic) -> UInt16? { byKind[kind]?.valueHandle }

    /// The characteristic whose value handle is `handle`.
    func characteristic(at handle: UInt16) -> MuseCharacteristic? { byHandle[handle] }

    /// Closes the connection and stops the input stream's tasks.
    func close() {
        client?.close()
        tasks.withLock { $0.forEach { $0.cancel() } }
    }
}
