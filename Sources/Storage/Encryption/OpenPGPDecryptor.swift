import CGPGME
public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Decrypts an encrypted item with a secret key the user's GnuPG already holds (its gpg-agent asks
/// for the passphrase, or has it cached), for exports: the plaintext goes where the caller says —
/// never into the data folder. Never asks on the terminal itself: without a usable secret key it
/// fails with ``EncryptionError/gpgme(operation:reason:)`` (e.g. "No secret key").
package struct OpenPGPDecryptor: Sendable {
    /// The GnuPG home whose keys are used (`$GNUPGHOME`, else `~/.gnupg`, when not given).
    package let home: URL

    /// A decryptor using the key ring at `home`, or the user's default one.
    package init(home: URL? = nil) {
        if let home {
            self.home = home
        } else if let env = ProcessInfo.processInfo.environment["GNUPGHOME"], !env.isEmpty {
            self.home = URL(fileURLWithPath: env)
        } else {
            self.home = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".gnupg")
        }
    }

    /// Decrypts `source` (binary or armoured OpenPGP) into a new file `destination` (mode 0600),
    /// streaming; removes the partial output when decryption fails.
    package func decrypt(_ source: URL, to destination: URL) throws {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw EncryptionError.io(path: source.path, reason: String(cString: strerror(errno))) }
        defer { close(input) }
        let output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw EncryptionError.io(path: destination.path, reason: String(cString: strerror(errno))) }
        var ok = false
        defer {
            close(output)
            if !ok { unlink(destination.path) }
        }
        let ctx = try GPGME.context(home: home)
        defer { gpgme_release(ctx) }
        // Never prompt on our terminal: the agent's pinentry or a cached passphrase, else an error.
        _ = gpgme_set_pinentry_mode(ctx, GPGME_PINENTRY_MODE_DEFAULT)
        var cipher: gpgme_data_t?
        try GPGME.check(gpgme_data_new_from_fd(&cipher, input), "opening \(source.lastPathComponent)")
        defer { gpgme_data_release(cipher) }
        var plain: gpgme_data_t?
        try GPGME.check(gpgme_data_new_from_fd(&plain, output), "opening the output")
        defer { gpgme_data_release(plain) }
        try GPGME.check(gpgme_op_decrypt(ctx, cipher, plain), "decrypting \(source.lastPathComponent)")
        guard fsync(output) == 0 else { throw EncryptionError.io(path: destination.path, reason: String(cString: strerror(errno))) }
        ok = true
    }
}
