public import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// GnuPG homes whose key box another gpg holds: each home's `pubring.kbx.lock` names this (live)
/// process, as gpg's own lock file would, so a gpg that imports a key into the home waits (gpg waits
/// for a held key box lock without a time limit) until ``release()`` removes the lock files. A test
/// holds a key import inside its gpg this way for as long as it needs, without a sleep.
public final class HeldKeyRings: Sendable {
    /// The homes (created 0700 when missing).
    public let homes: [URL]
    private let released = Mutex(false)

    /// Holds the key box lock of each of `homes`.
    public init(_ homes: [URL]) throws {
        self.homes = homes
        var name = utsname()
        uname(&name)
        let node = withUnsafeBytes(of: &name.nodename) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let pid = String(getpid())
        let text = String(repeating: " ", count: max(0, 10 - pid.count)) + pid + "\n" + node + "\n"
        for home in homes {
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try Data(text.utf8).write(to: home.appendingPathComponent("pubring.kbx.lock"))
        }
    }

    /// Releases every lock (the first call only).
    public func release() {
        let first = released.withLock { r -> Bool in
            defer { r = true }
            return !r
        }
        guard first else { return }
        for home in homes { unlink(home.appendingPathComponent("pubring.kbx.lock").path) }
    }
}
