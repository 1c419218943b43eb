import Foundation
import Storage
import TestSupport
import Testing
import Transfer

@Suite(.tags(.process, .server), .enabled(if: Executables.available(["gpg", "gpgconf"], python: true)))
struct UploaderTests {
    @Test func pendingItemsArriveInTheParticipantsFolderAndAreMarkedTransmitted() async throws {
        let server = try WebDAVTestServer()
        let f = try UploadFixture()
        let (a, aBytes) = try f.addRecording(run: 1)
        let (b, bBytes) = try f.addRecording(run: 2)
        let report = try await f.uploader(f.configuration(url: server.baseURL), server: server).run()
        #expect(report.sent.map(\.id) == [a.id, b.id])
        #expect(report.failed.isEmpty && report.remaining == 0)
        for (item, bytes) in [(a, aBytes), (b, bBytes)] {
            let stored = try f.item(item.id)
            #expect(stored.state == .transmitted)
            #expect(stored.transmittedVia == "webdav")
            #expect(stored.transmittedAt != nil)
            let remote = "\(f.participant)/\((item.path as NSString).lastPathComponent)"
            #expect(stored.remoteName == remote)
            #expect(try Data(contentsOf: server.root.appendingPathComponent(remote)) == bytes)
        }
        // A second run has nothing to do and sends nothing.
        let again = try await f.uploader(f.configuration(url: server.baseURL), server: server).run()
        #expect(again.sent.isEmpty && again.failed.isEmpty)
        #expect(try server.requests().filter { $0.method == "PUT" && !$0.isProbe && !$0.isManifest }.count == 2)
        // Beside each item its manifest, with the bytes' size and SHA-256 and the catalog's metadata.
        #expect(try server.storedManifests().count == 2)
        for (item, bytes) in [(a, aBytes), (b, bBytes)] {
            let remote = "\(f.participant)/\((item.path as NSString).lastPathComponent)"
            let manifest = try UploadManifest.decode(Data(contentsOf: server.root.appendingPathComponent(remote + ".manifest.json")))
            #expect(manifest.item == item.id && manifest.participant == f.participant && manifest.kind == .recording && manifest.run == item.run)
            #expect(manifest.uploaded.name == (item.path as NSString).lastPathComponent && !manifest.uploaded.encrypted)
            #expect(manifest.uploaded.size == Int64(bytes.count) && manifest.uploaded.sha256 == item.sha256)
            #expect(manifest.plaintext == UploadManifest.Digest(size: Int64(bytes.count), sha256: try #require(item.sha256)))
        }
        #expect(try server.requests().filter { $0.method == "PUT" && $0.isManifest }.count == 2)
        // Kept locally only until the manifest is on the server.
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.store.privateFolder().appendingPathComponent("manifests").path).isEmpty)
    }

    @Test func anItemWhoseManifestFailedGetsOnlyItsManifestNextRun() async throws {
        let memory = InMemoryDestination()
        let f = try UploadFixture()
        let (item, bytes) = try f.addRecording()
        memory.failNextManifests(1)
        let first = try await f.uploader(destination: memory).run()
        // The item arrived, its manifest did not: not sent yet, its remote name noted.
        #expect(first.sent.isEmpty && first.failed.map(\.id) == [item.id])
        #expect(first.failed.first?.error?.contains("manifest") == true, "\(first.failed)")
        let waiting = try f.item(item.id)
        #expect(waiting.state == .pending && waiting.remoteName == "\(f.participant)/\((item.path as NSString).lastPathComponent)")
        #expect(memory.arrivals.map(\.bytes) == [bytes] && memory.manifests.isEmpty)
        let second = try await f.uploader(destination: memory).run()
        #expect(second.sent.map(\.id) == [item.id] && second.failed.isEmpty)
        // The item was not sent again; the manifest joined it.
        #expect(memory.arrivals.count == 1)
        let remote = try #require(waiting.remoteName)
        let manifest = try UploadManifest.decode(try #require(memory.manifests[remote + ".manifest.json"]))
        #expect(manifest.item == item.id && manifest.uploaded.sha256 == item.sha256)
        #expect(try f.item(item.id).state == .transmitted)
    }

    @Test func aManifestAlreadyOnTheServerCountsAsDelivered() async throws {
        // A run that died after the manifest's PUT but before the catalog noted it left it there.
        let server = try WebDAVTestServer()
        let f = try UploadFixture()
        let (item, _) = try f.addRecording()
        let remote = "\(f.participant)/\((item.path as NSString).lastPathComponent)"
        try server.place(Data("{}".utf8), at: remote + ".manifest.json")
        let report = try await f.uploader(f.configuration(url: server.baseURL), server: server).run()
        #expect(report.sent.map(\.id) == [item.id], "\(report.failed)")
        let manifestPUTs = try server.requests().filter { $0.method == "PUT" && $0.isManifest }
        #expect(manifestPUTs.compactMap(\.status) == [412])
    }

    @Test func aConsentPDFIsNeverUploadedUnencryptedEither() async throws {
        let server = try WebDAVTestServer()
        let f = try UploadFixture()
        let (pdf, _) = try f.addRecording(kind: .consentPDF)
        let (recording, _) = try f.addRecording(run: 2)
        let report = try await f.uploader(f.configuration(url: server.baseURL), server: server).run()
        #expect(report.sent.map(\.id) == [recording.id])
        #expect(report.keptLocal.map(\.id) == [pdf.id] && report.remaining == 0 && report.failed.isEmpty)
        #expect(try server.storedFiles().allSatisfy { !$0.hasSuffix(".pdf") })
        #expect(LocalOnlyPolicy.reason(for: try f.item(pdf.id), mode: .atUpload) == nil)
    }

    @Test func aConsentRecordIsNeverUploadedUnencrypted() async throws {
        let server = try WebDAVTestServer()
        let f = try UploadFixture()
        let (consent, _) = try f.addRecording(kind: .consent)
        let (recording, _) = try f.addRecording(run: 2)
        let uploader = try f.uploader(f.configuration(url: server.baseURL), server: server)
        let dry = try await uploader.run(UploadOptions(dryRun: true))
        let report = try await uploader.run()
        #expect(report.sent.map(\.id) == [recording.id])
        #expect(try server.storedFiles().allSatisfy { !$0.contains("c_unit_") })
        // Kept on the device by policy: not pending work, not an upload failure, and said why.
        #expect(report.remaining == 0 && report.failed.isEmpty)
        #expect(report.keptLocal.map(\.id) == [consent.id])
        #expect(report.keptLocal.first?.error?.contains("name") == true)
        let kept = try f.item(consent.id)
        #expect(kept.attempts == 0 && kept.lastError == nil && kept.claimedBy == nil)
        // The dry run says the same as the real run.
        #expect(dry.planned.map(\.id) == report.sent.map(\.id))
        #expect(dry.keptLocal == report.keptLocal)
        #expect(dry.remaining == 1)
        // Once encryption is configured it is no longer kept back (LocalOnlyPolicy follows the mode).
        #expect(LocalOnlyPolicy.reason(for: kept, mode: .atUpload) == nil)
        #expect(LocalOnlyPolicy.reason(for: kept, mode: EncryptionMode.none) != nil)
    }

    @Test func aRecordingInProgressIsNeverUploaded() async throws {
        let server = try WebDAVTestServer()
        let f = try UploadFixture()
        let (writing, _) = try f.addRecording(run: 1, state: .writing)
        let report = try await f.uploader(f.configuration(url: server.baseURL), server: server).run()
        #expect(report.sent.isEmpty)
        #expect(try f.item(writing.id).state == .writing)
        #expect(try server.storedFiles().isEmpty)
    }

    @Test func aTakenNameIsNeverOverwrittenAndTheItemGoesUnderADistinctName() async throws {
        let server = try WebDAVTestServer()
        let f = try UploadFixture()
        let (item, bytes) = try f.addRecording()
        let name = (item.path as NSString).lastPathComponent
        let existing = server.root.appendingPathComponent(f.participant)
        try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: true)
        try Data("someone else's".utf8).write(to: existing.appendingPathComponent(name))
        let report = try await f.uploader(f.configuration(url: server.baseURL), server: server).run()
        let remote = try #require(report.sent.first?.remote)
        #expect(remote != "\(f.participant)/\(name)")
        #expect(remote.hasPrefix("\(f.participant)/r_rest_1_1_1_\(f.participant)."))
        #expect(remote.hasSuffix(".h5"))
        #expect(try Data(contentsOf: existing.appendingPathComponent(name)) == Data("someone else's".utf8))
        #expect(try Data(contentsOf: server.root.appendingPathComponent(remote)) == bytes)
    }

    @Test func aNameTakenBySameSizedFileCountsAsDeliveredWhenTheAccountMayList() async throws {
        let server = try WebDAVTestServer(uploaderRights: "upload+list")
        let f = try UploadFixture()
        let (item, bytes) = try f.addRecording()
        let folder = server.root.appendingPathComponent(f.participant)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try bytes.write(to: folder.appendingPathComponent((item.path as NSString).lastPathComponent))
        let report = try await f.uploader(f.configuration(url: server.baseURL, canList: true), server: server).run()
        #expect(report.sent.first?.remote == "\(f.participant)/\((item.path as NSString).lastPathComponent)")
        #expect(try server.storedFiles().count == 1)
    }

    @Test func overlappingRunsNeverSendAnItemTwice() async throws {
        let server = try WebDAVTestServer()
        let f = try UploadFixture()
        for run in 1...6 { try f.addRecording(run: run, bytes: 400_000) }
        let configuration = f.configuration(url: server.baseURL)
        let runs = try (0..<3).map { _ in try f.uploader(configuration, server: server) }
        async let first = runs[0].run()
        async let second = runs[1].run()
        async let third = runs[2].run()
        let reports = try await [first, second, third]
        #expect(reports.flatMap(\.sent).count == 6)
        #expect(Set(reports.flatMap(\.sent).map(\.id)).count == 6)
        let puts = try server.requests().filter { $0.method == "PUT" && !$0.isProbe && !$0.isManifest }
        #expect(puts.count == 6)
        #expect(try server.storedManifests().count == 6)
        #expect(Set(puts.map(\.path)).count == 6)
        #expect(try f.store.catalog.items(state: .transmitted).count == 6)
    }

    @Test func aDryRunListsWhatWouldBeSentAndChangesNothing() async throws {
        let server = try WebDAVTestServer()
        let f = try UploadFixture()
        let (item, _) = try f.addRecording()
        let report = try await f.uploader(f.configuration(url: server.baseURL), server: server).run(UploadOptions(dryRun: true))
        #expect(report.dryRun)
        #expect(report.planned.map(\.id) == [item.id])
        let after = try f.item(item.id)
        #expect(after.state == .pending && after.attempts == 0 && after.path == item.path && after.nextAttempt == nil)
        #expect(try server.requests().isEmpty)
    }

    @Test(arguments: [EncryptionMode.atRest, .atUpload])
    func encryptedUploadsDecryptToTheRecordingAndNoPlaintextReachesTheServer(mode: EncryptionMode) async throws {
        let server = try WebDAVTestServer()
        let f = try UploadFixture()
        let gpg = try GPGTestHome()
        let fingerprint = try gpg.generateKey()
        let keyFile = f.folder.path("study.asc")
        try gpg.exportPublic(fingerprint, to: keyFile)
        defer { GPGTestHome.stopAgent(home: f.store.root.appendingPathComponent("private/gnupg")) }
        let (item, bytes) = try f.addRecording(bytes: 500_000)
        let settings = EncryptionSettings(policy: EncryptionPolicy(mode: mode, keyFile: keyFile.path, fingerprint: fingerprint))
        let report = try await f.uploader(f.configuration(url: server.baseURL, encryption: settings), server: server).run()
        let remote = try #require(report.sent.first?.remote)
        #expect(remote.hasSuffix(".h5.gpg"))
        let uploaded = server.root.appendingPathComponent(remote)
        #expect(try Data(contentsOf: uploaded).range(of: bytes.prefix(256)) == nil)
        #expect(try gpg.decrypt(uploaded) == bytes)
        #expect(try server.storedFiles() == [remote])
        // The manifest is sealed like the item: nothing unencrypted on the server.
        #expect(try server.storedManifests() == [remote + ".manifest.json.gpg"])
        let manifest = try UploadManifest.decode(try gpg.decrypt(server.root.appendingPathComponent(remote + ".manifest.json.gpg")))
        let uploadedDigest = try SHA256.hex(ofFile: uploaded)
        let uploadedSize = Int64(try Data(contentsOf: uploaded).count)
        #expect(manifest.uploaded.encrypted && manifest.uploaded.sha256 == uploadedDigest)
        #expect(manifest.uploaded.size == uploadedSize)
        #expect((manifest.plaintext != nil) == (mode == .atUpload))
        let stored = try f.item(item.id)
        #expect(stored.state == .transmitted)
        // At rest the device keeps only the encrypted file; at upload it keeps its plaintext and no copy.
        #expect(FileManager.default.fileExists(atPath: f.store.url(of: item.path).path) == (mode == .atUpload))
        #expect(stored.encryption == (mode == .atRest ? .openpgp : EncryptionState.none))
        #expect(!FileManager.default.fileExists(atPath: f.store.root.appendingPathComponent("private/outbox").path))
    }

    @Test func withEncryptionRequiredAndAnUnusableKeyNothingIsUploaded() async throws {
        let server = try WebDAVTestServer()
        let f = try UploadFixture()
        let gpg = try GPGTestHome()
        let signer = try gpg.generateKey(userID: "Signer <signer@example.invalid>", algorithm: "ed25519", usage: "sign")
        let keyFile = f.folder.path("signer.asc")
        try gpg.exportPublic(signer, to: keyFile)
        defer { GPGTestHome.stopAgent(home: f.store.root.appendingPathComponent("private/gnupg")) }
        let (item, _) = try f.addRecording()
        let settings = EncryptionSettings(policy: EncryptionPolicy(mode: .atUpload, keyFile: keyFile.path, fingerprint: signer))
        let report = try await f.uploader(f.configuration(url: server.baseURL, encryption: settings), server: server).run()
        #expect(report.sent.isEmpty)
        #expect(report.configurationProblem?.contains(signer) == true)
        let stored = try f.item(item.id)
        #expect(stored.state == .pending && stored.attempts == 1)
        #expect(stored.lastError?.contains("cannot encrypt") == true)
        #expect(try server.requests().filter { $0.method == "PUT" && !$0.isProbe }.isEmpty)
    }
}
