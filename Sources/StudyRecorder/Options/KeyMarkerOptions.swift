import ArgumentParser
import DataSources

/// `--markers keys`: markers by hand while recording or streaming (``KeyMarkers``).
struct KeyMarkerOptions: ParsableArguments {
    /// Where hand-set markers come from.
    enum Input: String, ExpressibleByArgument, CaseIterable {
        /// The keys 1–9 on standard input.
        case keys
    }

    @Option(
        name: .customLong("markers"),
        help: ArgumentHelp(
            "Set markers by hand: 'keys' makes the keys 1–9 markers with that code (label 'key N'), placed on the sample nearest the key press; from a pipe each byte 1–9 counts.",
            valueName: "keys"))
    var input: Input?

    /// Starts reading keys for `controller` when `--markers keys` was given.
    func start(controller: DataController) -> KeyMarkers? {
        guard input == .keys else { return nil }
        return KeyMarkers.start(controller: controller)
    }
}
