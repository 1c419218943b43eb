import ArgumentParser
import Collection
import Exports
import Foundation
import Storage
import Study
import Transfer

#if canImport(Glibc)
import Glibc
#endif

/// `study-recorder collect`: the experimenter's end of the upload. Reads a study's upload folder
/// (WebDAV with a read account, or a local copy), verifies every item against its manifest, decrypts
/// with the study's secret key and builds or extends one EEG-BIDS dataset for all participants. The
/// work is the Collection module's ``Collector``; this parses, prints and exits.
struct CollectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "collect",
        abstract: "Collect a study's uploads from the server into one verified EEG-BIDS dataset.",
        discussion: """
            Reads --from (the WebDAV folder the participants upload into, with an account that may read: \
            GET and PROPFIND; or a local copy of it), downloads what is new or changed, checks each item \
            against the manifest beside it (size and SHA-256), decrypts it with the study's secret key \
            (--gnupg-home) into a private scratch folder outside --out, and adds it to the BIDS dataset in \
            --out. A second collect downloads nothing unchanged; a killed collect resumes. Consent records \
            and their PDFs hold names: they are never downloaded. The account comes from --secrets (mode \
            0600, {"webdav": {"user": …, "password": …}}) or STUDY_RECORDER_WEBDAV_USER / \
            STUDY_RECORDER_WEBDAV_PASSWORD, never from the command line.

            Exit status: 0 all collected, 1 some items need a person (listed under problems: a failed \
            checksum, a foreign key, not a recording of ours, another study; kept out of the dataset), \
            75 another collect is running or the server is unreachable, 78 the server refused the account, \
            66 no such study or local folder, 73 --out cannot be written, 130/143 interrupted.
            """)

    @Option(help: ArgumentHelp("The study's upload folder: an http(s) WebDAV URL or a local folder.", valueName: "url|dir"))
    var from: String

    @Option(help: ArgumentHelp("The study folder (holding study.json).", valueName: "dir"))
    var study: String

    @Option(help: ArgumentHelp("The BIDS dataset to build or extend.", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("The secrets file with the read account (mode 0600).", valueName: "file"))
    var secrets: String?

    @Option(help: ArgumentHelp("A PEM file with the CA certificate(s) to trust for an https server.", valueName: "file"))
    var caFile: String?

    @OptionGroup var decryption: DecryptionOptions

    @Flag(help: "Print the report as JSON on standard output.")
    var json = false

    func run() async throws {
        // Ctrl-C or SIGTERM: no decrypted copy and no half publication stays behind.
        TerminationSignals.install { number in
            Exporter.discardAllOfThisProcess()
            Terminal.error("collect interrupted: no decrypted copy is left; run it again to resume")
            Glibc.exit(128 + number)
        }
        let definition = try StudyLoader.load(folder: URL(fileURLWithPath: study))
        let source: CollectionSource
        if let scheme = URLComponents(string: from)?.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            let account: TransferSecrets
            do {
                account = try TransferSecrets.load(file: secrets.map { URL(fileURLWithPath: $0) })
            } catch {
                throw CommandFailure(.configuration, error)
            }
            source = .webdav(base: from, credentials: account.webdav, connection: ConnectionSettings(caFile: caFile))
        } else {
            source = .folder(URL(fileURLWithPath: from))
        }
        let collector = Collector(
            source: source, study: definition, out: URL(fileURLWithPath: out), decryptor: decryption.decryptor)
        let report: CollectionReport
        do {
            let quiet = json
            report = try await collector.run { line in if !quiet { Terminal.note("collect \(line)") } }
        } catch let error as TransferError where error.code == .configuration {
            throw CommandFailure(.configuration, error)
        }
        TerminationSignals.parkIfSignalled()
        if json {
            try Terminal.printJSON(report)
        } else {
            print(
                "collected \(report.collected.count), unchanged \(report.unchanged), added to the dataset \(report.exported.count), "
                    + "waiting for their manifest \(report.waiting.count), consent kept sealed \(report.consentKeptSealed), "
                    + "problems \(report.problems.count) -> \(out)")
        }
        for problem in report.problems {
            Terminal.error("problem: \(problem.remote): \(problem.reason.rawValue): \(problem.detail)")
        }
        if !report.problems.isEmpty { throw ExitCode.failure }
    }
}
