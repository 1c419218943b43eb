import Foundation
import Storage
import TestSupport
import Testing

/// Records and uploads a session for a participant with a distinctive name, then looks for that name
/// everywhere it must not be: paths and file names on the device and the server, uploaded bytes, and
/// every line the tool printed or logged; with encryption on, no plaintext payload reaches the server.
@Suite(.tags(.process, .server), .enabled(if: Executables.available(["gpg", "gpgconf"], python: true)))
struct PrivacyTests {
    static let name = "Quirinalda Zebulonsky-Marchbank"
    static let helper = "Wendelin Xanthopoulos"

    @Test func theParticipantsNameGoesNowhereAndNothingUnencryptedIsUploaded() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("privacy")
        let (gpg, setup) = try Self.sealingSetup(dir, server: server, armored: false)
        defer { GPGTestHome.stopAgent(home: setup.data.appendingPathComponent("private/gnupg")) }
        let store = try DataStore(root: setup.data)
        var participant = Participant(study: "privacy", name: Self.name, helperName: Self.helper)
        participant.id = UUID().uuidString
        try ParticipantRegistry(store: store).save(participant)

        var outputs: [String] = []
        for paradigm in ["rest", "music"] {
            let r = try CLI.run([
                "record", "--data", setup.data.path, "--participant", participant.id, "--duration", "2s", "--speed", "0", "--paradigm", paradigm,
                "--verbose",
            ])
            #expect(r.status == 0, "\(r.stderr)")
            outputs += [r.stdout, r.stderr]
        }
        // Sealed at rest right after recording: no plaintext recording is left on the device.
        let onDevice = try Self.files(under: setup.data)
        #expect(onDevice.filter { $0.hasSuffix(".h5") }.isEmpty, "\(onDevice)")
        #expect(onDevice.filter { $0.hasSuffix(".h5.gpg") }.count == 2)

        let upload = try CLI.run(["upload", "--data", setup.data.path, "--verbose", "--json"])
        #expect(upload.status == 0, "\(upload.stderr)")
        outputs += [upload.stdout, upload.stderr]
        let list = try CLI.run(["list", "--data", setup.data.path, "--json"])
        outputs += [list.stdout, list.stderr]

        let uploaded = try server.storedFiles()
        #expect(uploaded.count == 2)
        // Each item's manifest is sealed like the item: nothing unencrypted leaves the device.
        let manifests = try server.storedManifests()
        #expect(manifests.sorted() == uploaded.map { $0 + ".manifest.json.gpg" }.sorted())
        for file in manifests {
            let sealed = try Data(contentsOf: server.root.appendingPathComponent(file))
            #expect(sealed.first != UInt8(ascii: "{") && sealed.range(of: Data("participant".utf8)) == nil)
            #expect(String(decoding: try gpg.decrypt(server.root.appendingPathComponent(file)), as: UTF8.self).contains("\"participant\""))
        }
        let needles = [Self.name, Self.helper, "Quirinalda", "Zebulonsky", "Xanthopoulos"]
        try Self.expectAbsent(needles, onDevice: onDevice, data: setup.data, uploaded: uploaded + manifests, server: server, outputs: outputs)
        // Nothing unencrypted on the server: no HDF5 signature, and every file decrypts to an HDF5 file.
        let hdf5Signature = Data([0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a])
        for file in uploaded {
            let url = server.root.appendingPathComponent(file)
            #expect(file.hasSuffix(".h5.gpg"))
            #expect(try Data(contentsOf: url).range(of: hdf5Signature) == nil)
            #expect(try gpg.decrypt(url).prefix(8) == hdf5Signature)
        }
    }

    @Test func aStudySessionRunThroughTheCLIIsSealedAndUploadedWithoutTheName() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("privacy-run")
        let (gpg, setup) = try Self.sealingSetup(dir, server: server, armored: true)
        defer { GPGTestHome.stopAgent(home: setup.data.appendingPathComponent("private/gnupg")) }
        let study = ProjectPaths.root.appendingPathComponent("Studies/reaction-time").path
        var outputs: [String] = []
        let enrolled = try CLI.run(["enroll", study, "--data", setup.data.path, "--name", Self.name, "--auto"])
        #expect(enrolled.status == 0, "\(enrolled.stderr)")
        outputs += [enrolled.stdout, enrolled.stderr]
        let ran = try CLI.run(["run", study, "--data", setup.data.path, "--auto", "--speed", "100", "--verbose"])
        #expect(ran.status == 0, "\(ran.stderr)")
        outputs += [ran.stdout, ran.stderr]
        let store = try DataStore(root: setup.data)
        let items = try store.catalog.items()
        #expect(items.count >= 2)
        #expect(items.allSatisfy { $0.encryption == .openpgpArmored && $0.path.hasSuffix(".asc") }, "\(items.map(\.path))")
        let upload = try CLI.run(["upload", "--data", setup.data.path, "--verbose"])
        #expect(upload.status == 0, "\(upload.stdout) \(upload.stderr)")
        outputs += [upload.stdout, upload.stderr]

        let onDevice = try Self.files(under: setup.data)
        let uploaded = try server.storedFiles() + server.storedManifests()
        #expect(uploaded.count == 2 * items.count)
        #expect(try server.storedManifests().allSatisfy { $0.hasSuffix(".manifest.json.asc") })
        try Self.expectAbsent(
            [Self.name, "Quirinalda", "Zebulonsky"], onDevice: onDevice, data: setup.data, uploaded: uploaded, server: server, outputs: outputs)
        // Every uploaded file is an OpenPGP message that decrypts; no plaintext left on the device.
        #expect(
            onDevice.filter {
                !$0.hasPrefix("private/") && !$0.hasPrefix("progress/") && ($0.hasSuffix(".h5") || $0.hasSuffix(".json"))
                    && !$0.hasSuffix("transfer.json")
            }.isEmpty, "\(onDevice)")
        for file in uploaded {
            let url = server.root.appendingPathComponent(file)
            #expect(String(decoding: try Data(contentsOf: url).prefix(27), as: UTF8.self) == "-----BEGIN PGP MESSAGE-----")
            #expect(!(try gpg.decrypt(url)).isEmpty)
        }
    }

    /// A study key in a fresh GnuPG home and a data folder whose transfer configuration seals every
    /// item at rest to it (binary or armoured) and uploads to `server`.
    static func sealingSetup(_ dir: TemporaryDirectory, server: WebDAVTestServer, armored: Bool) throws -> (GPGTestHome, TransferCLISetup) {
        let gpg = try GPGTestHome()
        let fingerprint = try gpg.generateKey()
        let keyFile = dir.path("study-key.asc")
        try gpg.exportPublic(fingerprint, to: keyFile)
        var encryption: [String: Any] = ["mode": "at-rest", "keyFile": keyFile.path, "fingerprint": fingerprint]
        if armored { encryption["armored"] = true }
        let setup = try TransferCLISetup(folder: dir, webdavURL: server.baseURL, password: server.password, encryption: encryption)
        return (gpg, setup)
    }

    /// Expects none of `needles` in a path on the device or the server, in the program's output, in a
    /// request path, in an uploaded file or in a stored file outside `private/`.
    static func expectAbsent(
        _ needles: [String], onDevice: [String], data: URL, uploaded: [String], server: WebDAVTestServer, outputs: [String]
    ) throws {
        let requests = try server.requests()
        for needle in needles {
            for path in onDevice + uploaded { #expect(!path.contains(needle), "name in path \(path)") }
            for text in outputs { #expect(!text.contains(needle), "name in output") }
            for request in requests { #expect(!request.path.contains(needle)) }
            for file in uploaded {
                #expect(try Data(contentsOf: server.root.appendingPathComponent(file)).range(of: Data(needle.utf8)) == nil, "name in \(file)")
            }
            for file in onDevice where !file.hasPrefix("private/") && isRegularFile(data.appendingPathComponent(file)) {
                #expect(try Data(contentsOf: data.appendingPathComponent(file)).range(of: Data(needle.utf8)) == nil, "name in \(file)")
            }
        }
    }

    static func isRegularFile(_ url: URL) -> Bool {
        (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
    }

    static func files(under root: URL) throws -> [String] {
        var result: [String] = []
        let base = root.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            result.append(String(url.standardizedFileURL.path.dropFirst(base.count + 1)))
        }
        return result
    }
}
