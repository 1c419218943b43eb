import DataSources
import Glibc
import Testing

@testable import Muse

/// Whether this kernel can create Bluetooth sockets at all (this test machine's cannot).
func kernelHasBluetooth() -> Bool {
    let fd = socket(31 /* AF_BLUETOOTH */, Int32(SOCK_SEQPACKET.rawValue), 0)
    guard fd >= 0 else { return errno != EAFNOSUPPORT && errno != EPROTONOSUPPORT }
    close(fd)
    return true
}

struct L2CAPConnectorTests {
    @Test func connectingWithoutKernelBluetoothGivesTheNoBluetoothLine() async throws {
        let address = try #require(BluetoothAddress("00:55:DA:B0:13:24"))
        let start = SystemHostClock.monotonicNanoseconds()
        do {
            let fd = try await L2CAPConnector(timeout: 2).connect(to: address)
            close(fd)
            Issue.record("connected to a headband that does not exist")
        } catch {
            if !kernelHasBluetooth() {
                #expect(error == .bluetoothUnavailable(errno: EAFNOSUPPORT))
                #expect(error.description == "no Bluetooth: this system's kernel does not support Bluetooth sockets (AF_BLUETOOTH)")
            }
        }
        #expect(Double(SystemHostClock.monotonicNanoseconds() - start) / 1e9 < 5)
    }

    @Test func errnosMapToOneClearLineEach() {
        #expect(
            TransportError.bluetooth("connect", errno: EBUSY).description == "bluetoothd already holds the headband: disconnect it in bluetoothctl")
        #expect(TransportError.bluetooth("connect", errno: ETIMEDOUT) == .unreachable(errno: ETIMEDOUT))
        #expect(TransportError.bluetooth("connect", errno: EHOSTDOWN).description.contains("off or out of range"))
        #expect(TransportError.bluetooth("bind", errno: ENODEV).description.contains("no Bluetooth adapter"))
        #expect(TransportError.bluetooth("connect", errno: EHOSTUNREACH) == .noAdapter(errno: EHOSTUNREACH))
        #expect(TransportError.bluetooth("bind", errno: EADDRNOTAVAIL) == .noAdapter(errno: EADDRNOTAVAIL))
        #expect(TransportError.bluetooth("connect", errno: EACCES) == .permissionDenied(errno: EACCES))
        #expect(TransportError.bluetooth("socket", errno: EPROTONOSUPPORT) == .bluetoothUnavailable(errno: EPROTONOSUPPORT))
        #expect(TransportError.bluetooth("connect", errno: ECONNREFUSED) == .refused)
    }
}
