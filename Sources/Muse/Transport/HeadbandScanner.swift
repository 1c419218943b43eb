import CBlueZ
import DataSources
import Glibc

/// Finds Muse headbands nearby by LE scanning through a raw HCI socket (for `study-recorder devices`).
///
/// It opens the first adapter, sets active scanning, lets only LE meta events through an HCI filter,
/// and collects advertising reports for ``duration`` seconds on a thread of the ``BlockingExecutor``. A device is kept
/// if its name starts with "Muse" or it advertises service 0xFE8D. Scanning needs root or
/// CAP_NET_ADMIN and CAP_NET_RAW; without them, or without Bluetooth, it throws a clear
/// ``TransportError``.
public struct HeadbandScanner: Sendable {
    /// How long to listen, in seconds.
    public var duration: Double

    /// A scanner listening `duration` seconds (5 by default).
    public init(duration: Double = 5) {
        self.duration = duration
    }

    /// Scans on a thread of the shared ``BlockingExecutor`` and returns the headbands seen, strongest
    /// signal first. `started` is called once the adapter is open and scanning (never when it throws
    /// first), so "scanning …" is said only when a scan really runs.
    public func scan(started: @escaping @Sendable () -> Void = {}) async throws(TransportError) -> [DiscoveredHeadband] {
        let scanner = self
        return try await BlockingExecutor.shared.run("HCI scan") { () throws(TransportError) -> [DiscoveredHeadband] in
            try scanner.scanBlocking(started: started)
        }
    }

    /// Scans, blocking the calling thread for ``duration``; `started` as in ``scan(started:)``.
    public func scanBlocking(started: () -> Void = {}) throws(TransportError) -> [DiscoveredHeadband] {
        let device = cbluez_hci_default_route()
        guard device >= 0 else { throw Self.error("hci_get_route", errno) }
        let dd = hci_open_dev(device)
        guard dd >= 0 else { throw Self.error("hci_open_dev", errno) }
        defer { Glibc.close(dd) }
        guard cbluez_hci_le_scan_parameters(dd) >= 0 else { throw Self.error("LE set scan parameters", errno) }
        guard cbluez_hci_filter_le_meta(dd) == 0 else { throw Self.error("setsockopt HCI_FILTER", errno) }
        guard hci_le_set_scan_enable(dd, 0x01, 0x00, 1000) >= 0 else { throw Self.error("LE set scan enable", errno) }
        defer { _ = hci_le_set_scan_enable(dd, 0x00, 0x00, 1000) }
        started()

        var seen: [BluetoothAddress: DiscoveredHeadband] = [:]
        var names: [BluetoothAddress: String] = [:]
        let deadline = SystemHostClock.monotonicNanoseconds() + UInt64(max(0, duration) * 1e9)
        while true {
            let now = SystemHostClock.monotonicNanoseconds()
            guard now < deadline else { break }
            let wait = Int32(min(200, (deadline - now) / 1_000_000 + 1))
            guard Socket.poll([dd], timeoutMs: wait)[0] != 0 else { continue }
            guard case .success(let bytes) = Socket.receive(dd, capacity: 260), !bytes.isEmpty else { continue }
            for report in AdvertisingReportParser.parse(event: bytes) {
                if let name = report.name { names[report.address] = name }
                let name = names[report.address]
                guard report.isMuse || (name?.hasPrefix("Muse") ?? false) else { continue }
                seen[report.address] = DiscoveredHeadband(
                    name: name ?? "", address: report.address, rssi: report.rssi,
                    model: AdvertisedModel(name: name, serviceUUIDs: report.serviceUUIDs))
            }
        }
        return seen.values.sorted { $0.rssi > $1.rssi }
    }

    private static func error(_ call: String, _ code: Int32) -> TransportError {
        switch code {
        case EPERM, EACCES: .scanPermissionDenied(errno: code)
        default: .bluetooth(call, errno: code)
        }
    }
}
