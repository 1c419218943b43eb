import Foundation
import TestSupport
import Testing

/// `devices` says it is scanning only when it is: without Bluetooth (or the permission to scan) the
/// one line on standard error is why not.
@Suite(.tags(.process))
struct DevicesCommandTests {
    @Test func noScanningLineBeforeNoBluetooth() throws {
        let scan = try CLI.run(["devices", "--duration", "1s"])
        if scan.status == 0 {
            #expect(scan.stderr.contains("scanning for 1s"), "\(scan.stderr)")
        } else {
            #expect([69, 77].contains(scan.status), "\(scan.status) \(scan.stderr)")
            #expect(!scan.stderr.contains("scanning"), "\(scan.stderr)")
            #expect(scan.stderr.split(separator: "\n").count == 1, "\(scan.stderr)")
        }
    }
}
