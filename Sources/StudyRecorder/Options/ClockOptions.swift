import ArgumentParser
import DataSources
import Streaming

/// `--clock utc|lsl` of `record` and `run`: with `lsl`, every stored time also gets its twin on Lab
/// Streaming Layer's clock, through a clock mapping stored in the recording (docs/formats.md, "LSL
/// clock"), for the tools of the open-source Muse community (muse-lsl, Petal, Mind Monitor) and
/// LabRecorder, which time everything on `lsl_local_clock()`.
struct ClockOptions: ParsableArguments {
    /// The clocks a recording's times can be stored on.
    enum Clock: String, ExpressibleByArgument, CaseIterable {
        /// UTC only (the recording clock).
        case utc
        /// UTC and LSL's `local_clock` (needs liblsl).
        case lsl
    }

    @Option(
        help: ArgumentHelp(
            "Store times on this clock too: utc (only), or lsl (LSL's local_clock beside every UTC time; needs liblsl, see --lsl-library).",
            valueName: "clock"))
    var clock: Clock = .utc

    /// The mapping to LSL's clock for `--clock lsl` (its first pair taken now), or nil for `utc`. A
    /// missing liblsl is one line and exit 69, before anything is recorded.
    func makeLSLMapping(libraryPath: String?) throws -> LSLClockMapping? {
        guard clock == .lsl else { return nil }
        do {
            let library = try LSLLibrary.load(path: libraryPath)
            return LSLClockMapping { library.localClock() }
        } catch {
            throw CommandError.unavailable(error, line: error.description(neededFor: "--clock lsl"))
        }
    }
}
