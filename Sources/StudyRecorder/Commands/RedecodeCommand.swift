import ArgumentParser
import Foundation
import StudyRecorderKit

/// `study-recorder redecode RECORDING [--out FILE]`: decodes a recording again from the headband's
/// bytes it keeps, with today's decoders, into a new file (``Redecoding``); the original stays.
struct RedecodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redecode",
        abstract: "Decode a Muse recording again from the headband's bytes it keeps, into a new file.",
        discussion:
            "The new file has the recording's metadata, events and markers, the EEG and streams decoded by this version's decoders, and both decoder versions in /Provenance. Exits 65 when the recording keeps no bytes to decode."
    )

    @Argument(help: "The recording (.h5).")
    var recording: String

    @Option(name: .long, help: "The new file (default: RECORDING's name with .redecoded.h5, beside it).")
    var out: String?

    @Flag(help: "Print what was written as JSON on standard output.")
    var json = false

    func run() async throws {
        let result = try await Redecoding.redecode(
            URL(fileURLWithPath: recording), to: out.map { URL(fileURLWithPath: $0) })
        if json {
            try Terminal.printJSON(
                RedecodeSummary(
                    file: result.url.path, samples: result.samples, decoder: result.decoder, recordedDecoder: result.recordedDecoder))
        } else {
            print(
                "redecoded \(recording) into \(result.url.path): \(result.samples) samples, decoder \(result.decoder ?? "none") (recorded with \(result.recordedDecoder ?? "unknown"))"
            )
        }
    }
}

/// The JSON shape of a redecoding.
struct RedecodeSummary: Encodable {
    var file: String
    var samples: Int64
    var decoder: String?
    var recordedDecoder: String?
}
