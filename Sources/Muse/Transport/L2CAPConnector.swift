import CBlueZ
import DataSources
import Glibc

/// Opens the ATT channel to a real headband: a raw L2CAP `SOCK_SEQPACKET` socket on the fixed ATT
/// channel (CID 4), with no D-Bus and no bluetoothd GATT client in between.
///
/// It binds to any adapter with an LE public own address, sets `BT_SECURITY` to LOW (the Muse needs no
/// pairing), connects to the peer's public address and, if that is refused, to the same address as a
/// random one. The connect is non-blocking and bounded by ``timeout``. Every failure becomes one
/// ``TransportError`` with a clear line (no Bluetooth, no adapter, bluetoothd holds it, off or out of
/// range, refused, permission).
package struct L2CAPConnector: Sendable {
    /// Seconds to wait for each connection attempt.
    package var timeout: Double

    /// A connector; 10 s per attempt by default (an LE create-connection normally needs under 1 s).
    package init(timeout: Double = 10) {
        self.timeout = timeout
    }

    /// Connects on a thread of the shared ``BlockingExecutor`` and returns the connected descriptor.
    package func connect(to address: BluetoothAddress) async throws(TransportError) -> Int32 {
        let connector = self
        return try await BlockingExecutor.shared.run("L2CAP connect") { () throws(TransportError) -> Int32 in
            try connector.connectBlocking(to: address)
        }
    }

    /// Connects, blocking the calling thread up to twice ``timeout``.
    package func connectBlocking(to address: BluetoothAddress) throws(TransportError) -> Int32 {
        do {
            return try attempt(address, type: cbluez_bdaddr_le_public())
        } catch .refused {
            return try attempt(address, type: cbluez_bdaddr_le_random())
        }
    }

    private func attempt(_ address: BluetoothAddress, type: UInt8) throws(TransportError) -> Int32 {
        let fd = cbluez_l2cap_socket()
        guard fd >= 0 else { throw .bluetooth("socket", errno: errno) }
        var keep = false
        defer { if !keep { Glibc.close(fd) } }
        guard cbluez_l2cap_bind_att_any(fd) == 0 else { throw .bluetooth("bind", errno: errno) }
        guard cbluez_l2cap_set_security(fd, UInt8(BT_SECURITY_LOW)) == 0 else {
            throw .bluetooth("setsockopt BT_SECURITY", errno: errno)
        }
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        let result = address.littleEndianBytes.withUnsafeBufferPointer { cbluez_l2cap_connect_att(fd, $0.baseAddress, type) }
        if result != 0 {
            guard errno == EINPROGRESS else { throw .bluetooth("connect", errno: errno) }
            let revents = Socket.poll([fd], events: Int16(POLLOUT), timeoutMs: Int32(max(1, timeout * 1000)))[0]
            guard revents != 0 else { throw .unreachable(errno: ETIMEDOUT) }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else {
                throw .bluetooth("getsockopt SO_ERROR", errno: errno)
            }
            guard error == 0 else { throw .bluetooth("connect", errno: error) }
        }
        _ = fcntl(fd, F_SETFL, flags)
        keep = true
        return fd
    }
}
