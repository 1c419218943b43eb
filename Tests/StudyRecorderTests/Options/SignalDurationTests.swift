import Foundation
import TestSupport
import Testing

/// Durations on the command line: written as typed (`30s`) in help, and taken in that form by
/// every command that asks for one, `devices` included.
@Suite(.tags(.process))
struct SignalDurationTests {
    @Test func helpShowsTheDefaultAsItIsTyped() throws {
        let help = try CLI.run(["record", "--help"])
        #expect(help.stdout.contains("(default: 30s)"), "\(help.stdout)")
        #expect(!help.stdout.contains("SignalDuration"))
        let devices = try CLI.run(["devices", "--help"])
        #expect(devices.stdout.contains("(default: 5s)"), "\(devices.stdout)")
    }

    @Test func devicesTakesADurationLikeEveryOtherCommand() throws {
        let scan = try CLI.run(["devices", "--duration", "1s"])
        #expect([0, 69, 77].contains(scan.status), "\(scan.status) \(scan.stderr)")
        #expect(try CLI.run(["devices", "--duration", "11m"]).status == 64)
        #expect(try CLI.run(["devices", "--duration", "0s"]).status == 64)
    }

    /// A duration that is refused says why, on one line.
    @Test func aRefusedDurationSaysWhy() throws {
        for (value, reason) in [("0s", "not a positive number"), ("40d", "is not a duration"), ("32h0", "is not a duration"), ("800h", "longer than 31 days")] {
            let result = try CLI.run(["record", "--duration", value, "--data", "/nonexistent/never-made"])
            #expect(result.status == 64 && result.stderr.contains(reason), "\(value): \(result.stderr)")
        }
    }
}
