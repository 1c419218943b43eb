import ArgumentParser
import Foundation
import Storage

/// Where the study's secret key is, for the commands that read encrypted items (`export`, `report`):
/// `--gnupg-home DIR`, else `$GNUPGHOME`, else `~/.gnupg`.
struct DecryptionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("The GnuPG home holding the study's secret key, for encrypted items (default: $GNUPGHOME or ~/.gnupg).", valueName: "dir"))
    var gnupgHome: String?

    /// The decryptor reading with that key.
    var decryptor: OpenPGPDecryptor { OpenPGPDecryptor(home: gnupgHome.map { URL(fileURLWithPath: $0) }) }
}
