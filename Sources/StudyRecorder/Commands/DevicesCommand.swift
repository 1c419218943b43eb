import ArgumentParser
import Foundation
import Muse

/// `study-recorder devices`: scans for Muse headbands nearby and lists them, so an experimenter can
/// pick one for `--device`.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Scan for Muse headbands nearby and list name, address, signal strength and model.",
        discussion: """
            Scanning uses a raw HCI socket, which needs root or the capabilities CAP_NET_ADMIN and \
            CAP_NET_RAW (sudo setcap cap_net_admin,cap_net_raw+eip $(command -v study-recorder)); \
            connecting to a headband later needs neither. Headbands already connected to another \
            program (or to bluetoothd) do not advertise and are not listed. Exit codes: 0 done (also when \
            none was found), 69 no Bluetooth (kernel support or adapter missing), 77 missing \
            permission, 64 bad arguments. The model is what the advertisement shows: a name starting \
            MuseS is a Muse S (whether an Athena is known only once connected); otherwise it is unknown \
            until connected (a recording's /Device Model says it). See docs/muse.md.
            """)

    @Option(help: "How long to scan, e.g. 5s, 1m; at most 10 minutes (default: 5s).", transform: SignalDuration.parse)
    var duration = SignalDuration(seconds: 5)

    @Flag(help: "Print the headbands as a JSON array on standard output.")
    var json = false

    func validate() throws {
        guard duration.seconds > 0, duration.seconds <= 600 else { throw ValidationError("--duration must be more than 0 and at most 10 minutes") }
    }

    func run() async throws {
        // Said once the adapter is open and scanning: without Bluetooth the one line is why not.
        let json = json, seconds = duration.seconds
        let found = try await HeadbandScanner(duration: seconds).scan(started: {
            if !json { Terminal.note("scanning for \(SignalDuration.written(seconds)) …") }
        })
        if json {
            try Terminal.printJSON(found.map(Listed.init))
            return
        }
        guard !found.isEmpty else {
            print("no Muse headband found: is it switched on, and not connected to another program?")
            return
        }
        let width = max(4, found.map(\.name.count).max() ?? 0)
        print("NAME".padding(toLength: width, withPad: " ", startingAt: 0) + "  ADDRESS            RSSI     MODEL")
        for headband in found {
            let rssi = "\(headband.rssi) dBm".padding(toLength: 7, withPad: " ", startingAt: 0)
            print(headband.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(headband.address)  \(rssi)  \(headband.model.rawValue)")
        }
    }

    /// One headband as `--json` prints it.
    struct Listed: Encodable {
        var name: String
        var address: String
        var rssi: Int
        /// ``AdvertisedModel``'s text, e.g. "unknown until connected".
        var model: String

        init(_ headband: DiscoveredHeadband) {
            name = headband.name
            address = headband.address.description
            rssi = headband.rssi
            model = headband.model.rawValue
        }
    }
}
