import ArgumentParser
import Foundation
import Storage
import Typesetting

/// `study-recorder consent`: prints a participant's signed consent again, as the PDF typeset at
/// enrolment, decrypted with the study's secret key when it is sealed; for a participant enrolled
/// before consent PDFs were stored, typeset now from the consent record
/// (``ConsentPrinter/reprint(participant:to:timeZone:)``).
struct ConsentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "consent",
        abstract: "Write a participant's signed consent (the PDF made at enrolment) to a file.",
        discussion: """
            The consent PDF is stored at enrolment next to the consent record (<uuid>/c_<study>_<uuid>.pdf), \
            readable only by you and sealed with the study key whenever encryption is on. This writes a copy \
            to --out (outside the data folder, never over a file, mode 0600: it holds the participant's name); \
            a sealed one is decrypted with the secret key in GnuPG (--gnupg-home; its agent asks for the \
            passphrase). A participant enrolled before consent PDFs were stored gets one typeset now from the \
            consent record, with the study's identifier as its title. Without --participant, the only \
            participant with a consent document. Exit codes: \
            0 written, 64 bad usage, several participants without --participant, or --out inside the data \
            folder, 66 no data folder or no consent document, 73 cannot write --out (e.g. it exists), \
            77 a sealed document without its secret key.
            """)

    @OptionGroup var data: DataOptions

    @Option(help: ArgumentHelp("The participant whose consent to print (default: the only one with a consent document).", valueName: "uuid"))
    var participant: String?

    @Option(help: ArgumentHelp("The PDF file to write; it must not exist and must lie outside the data folder.", valueName: "file.pdf"))
    var out: String

    @OptionGroup var decryption: DecryptionOptions

    func validate() throws {
        if let participant, UUID(uuidString: participant) == nil {
            throw ValidationError("--participant must be a UUID, got \(participant.count) characters that are not one")
        }
    }

    func run() async throws {
        let store = try await data.openExistingStore()
        let target = URL(fileURLWithPath: out).standardizedFileURL
        // Ctrl-C or SIGTERM while the copy is written: the printer removes its partial copy
        // (Storage's TerminationSignals) and fails; the command ends with 128 + the signal.
        TerminationSignals.callerEndsProcess()
        let printer = ConsentPrinter(store: store, decryptor: decryption.decryptor)
        let printed: ConsentPrinter.Reprint
        do {
            printed = try printer.reprint(participant: participant, to: target)
        } catch {
            if let signal = TerminationSignals.received() {
                throw CommandError.interrupted("consent interrupted: nothing was written", signal: signal)
            }
            throw error
        }
        switch printed {
        case .stored(let who):
            print("wrote \(target.path) (consent of participant \(who))")
        case .typesetFromRecord(let who):
            Terminal.note("participant \(who) was enrolled before consent PDFs were stored: typeset now from the consent record")
            print("wrote \(target.path) (consent of participant \(who))")
        }
    }
}
