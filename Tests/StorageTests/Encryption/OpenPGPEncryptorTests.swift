import Foundation
import Storage
import TestSupport
import Testing

@Suite(.tags(.process), .enabled(if: Executables.available(["gpg", "gpgconf"])))
struct OpenPGPEncryptorTests {
    @Test(arguments: [false, true])
    func encryptedFileDecryptsWithRealGPGToTheSameBytes(armored: Bool) throws {
        let f = try EncryptionFixture()
        let encryptor = try OpenPGPEncryptor(keyFile: f.keyFile, fingerprint: f.fingerprint, home: f.keyRing)
        let plain = f.folder.path("plain.bin")
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<1_000_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try bytes.write(to: plain)
        let out = f.folder.path(armored ? "plain.bin.asc" : "plain.bin.gpg")
        try encryptor.encrypt(plain, to: out, armored: armored)
        let cipher = try Data(contentsOf: out)
        #expect(cipher.range(of: bytes.prefix(64)) == nil)
        #expect(String(decoding: cipher.prefix(27), as: UTF8.self) == "-----BEGIN PGP MESSAGE-----" || !armored)
        #expect(try f.gpg.decrypt(out) == bytes)
    }

    @Test func noGPGAgentKeepsRunningForTheDevicesKeyRing() throws {
        let f = try EncryptionFixture()
        let encryptor = try OpenPGPEncryptor(keyFile: f.keyFile, fingerprint: f.fingerprint, home: f.keyRing)
        let plain = f.folder.path("plain.bin")
        try Data("some bytes".utf8).write(to: plain)
        try encryptor.encrypt(plain, to: f.folder.path("plain.bin.gpg"), armored: false)
        // An unattended device runs a command every few minutes: none may leave a daemon behind.
        #expect(Self.processes(mentioning: f.keyRing.path).isEmpty, "\(Self.processes(mentioning: f.keyRing.path))")
        #expect(try f.gpg.decrypt(f.folder.path("plain.bin.gpg")) == Data("some bytes".utf8))
    }

    /// Command lines of running processes that contain `text`.
    static func processes(mentioning text: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { Int($0) != nil } ?? []
        return pids.compactMap { pid in
            guard let raw = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: raw.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(text) ? line : nil
        }
    }

    @Test func fingerprintWithSpacesAndLowercaseIsAccepted() throws {
        let f = try EncryptionFixture(armoredKeyFile: false)
        let spaced = stride(from: 0, to: 40, by: 4).map { i -> String in
            let start = f.fingerprint.index(f.fingerprint.startIndex, offsetBy: i)
            return String(f.fingerprint[start..<f.fingerprint.index(start, offsetBy: 4)]).lowercased()
        }.joined(separator: " ")
        let encryptor = try OpenPGPEncryptor(keyFile: f.keyFile, fingerprint: spaced, home: f.keyRing)
        #expect(encryptor.fingerprint == f.fingerprint)
        #expect(encryptor.userID.contains("study@example.invalid"))
    }

    @Test func aKeyFileWithoutThePinnedKeyIsRefusedNamingBoth() throws {
        let f = try EncryptionFixture()
        let other = try f.gpg.generateKey(userID: "Other <other@example.invalid>")
        let otherFile = f.folder.path("other.asc")
        try f.gpg.exportPublic(other, to: otherFile)
        #expect(throws: EncryptionError.fingerprintMismatch(path: otherFile.path, expected: f.fingerprint, found: [other])) {
            try OpenPGPEncryptor(keyFile: otherFile, fingerprint: f.fingerprint, home: f.keyRing)
        }
    }

    @Test func aMissingKeyFileIsAClearError() throws {
        let f = try EncryptionFixture()
        let missing = f.folder.path("nope.asc")
        let error = #expect(throws: EncryptionError.self) {
            try OpenPGPEncryptor(keyFile: missing, fingerprint: f.fingerprint, home: f.keyRing)
        }
        guard case .keyFileUnreadable(let path, _) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(path == missing.path)
    }

    @Test(arguments: [false, true])
    func aSecretKeyFileIsRefused(binary: Bool) throws {
        let f = try EncryptionFixture()
        let secret = f.folder.path(binary ? "secret.gpg" : "secret.asc")
        try f.gpg.exportSecret(f.fingerprint, to: secret, binary: binary)
        #expect(throws: EncryptionError.secretKeyFile(path: secret.path)) {
            try OpenPGPEncryptor(keyFile: secret, fingerprint: f.fingerprint, home: f.keyRing)
        }
        // Nothing secret entered the device's key ring.
        if FileManager.default.fileExists(atPath: f.keyRing.path) {
            let listing = try f.gpg.run(["--homedir", f.keyRing.path, "--list-secret-keys", "--with-colons"]).stdout
            #expect(!listing.contains("sec:"))
        }
    }

    @Test func anExpiredKeyIsRefusedNamingIt() throws {
        let f = try EncryptionFixture()
        let old = try f.gpg.generateKey(userID: "Old <old@example.invalid>", expire: "1d", fakedTime: "20200101T000000")
        let file = f.folder.path("old.asc")
        try f.gpg.exportPublic(old, to: file)
        #expect(throws: EncryptionError.keyExpired(fingerprint: old, userID: "Old <old@example.invalid>")) {
            try OpenPGPEncryptor(keyFile: file, fingerprint: old, home: f.keyRing)
        }
    }

    @Test func aRevokedKeyIsRefused() throws {
        let f = try EncryptionFixture()
        try f.gpg.revoke(f.fingerprint)
        let file = f.folder.path("revoked.asc")
        try f.gpg.exportPublic(f.fingerprint, to: file)
        #expect(throws: EncryptionError.keyRevoked(fingerprint: f.fingerprint, userID: "Study <study@example.invalid>")) {
            try OpenPGPEncryptor(keyFile: file, fingerprint: f.fingerprint, home: f.keyRing)
        }
    }

    @Test func aSigningOnlyKeyIsRefused() throws {
        let f = try EncryptionFixture()
        let signer = try f.gpg.generateKey(userID: "Signer <signer@example.invalid>", algorithm: "ed25519", usage: "sign")
        let file = f.folder.path("signer.asc")
        try f.gpg.exportPublic(signer, to: file)
        #expect(throws: EncryptionError.cannotEncrypt(fingerprint: signer, userID: "Signer <signer@example.invalid>")) {
            try OpenPGPEncryptor(keyFile: file, fingerprint: signer, home: f.keyRing)
        }
    }

    @Test func aFileWithoutKeysIsRefused() throws {
        let f = try EncryptionFixture()
        let file = f.folder.path("empty.asc")
        try Data("not a key\n".utf8).write(to: file)
        #expect(throws: EncryptionError.noKeyInFile(path: file.path)) {
            try OpenPGPEncryptor(keyFile: file, fingerprint: f.fingerprint, home: f.keyRing)
        }
    }
}
