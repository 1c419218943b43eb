import Foundation
import Logging
import Storage

/// Sends every pending item of a data folder to the study's server, unattended: WebDAV first, e-mail
/// as the fallback, encrypted as the study's policy says.
///
/// Guarantees:
/// - An item is marked transmitted only after the server confirmed it (any 2xx answer to the PUT, or
///   the mail server's acceptance). Any failure keeps it pending with the attempt count, the last error and
///   the next try time (exponential backoff with jitter, ``BackoffPolicy``).
/// - Two overlapping runs never send the same item: a run holds `<data>/upload.lock` and claims items
///   through the catalog. Items still being written are never claimed.
/// - With encryption required, nothing is sent unencrypted: an item that cannot be encrypted fails.
/// - A consent record (the one file with the participant's name) is never sent unencrypted: without
///   encryption it is kept on the device by policy (``UploadReport/keptLocal``), not counted as pending.
/// - A refused account (HTTP 401) is a configuration problem (``UploadReport/configurationProblem``),
///   not a reason to try again later; the run stops using WebDAV.
/// - Cancelling the run's task (SIGTERM) aborts the transfer in flight and releases every claim.
/// - Nothing on the server is overwritten: uploads use `If-None-Match: *`; when the name is taken, the
///   item goes under a distinct name (``RemoteName``), or counts as delivered when the account may list
///   and the remote size equals the local one. Delivery is at least once: a crash between the
///   server's confirmation and the catalog update can leave a duplicate under a distinct name, never a
///   loss.
///
/// ```swift
/// let uploader = try Uploader(store: store, configuration: config, secrets: secrets)
/// let report = try await uploader.run(UploadOptions()) { progress in … }
/// ```
public struct Uploader: Sendable {
    /// The data folder whose items are sent.
    public let store: DataStore
    /// Where and how to send.
    public let configuration: TransferConfiguration
    /// The accounts.
    public let secrets: TransferSecrets
    private let sealer: Sealer?
    private let sealerProblem: String?
    private let logger: Logger
    private let now: @Sendable () -> Date
    private let jitter: @Sendable () -> Double

    /// An uploader. The study key is checked here; an unusable key does not throw but is reported in
    /// every run (``UploadReport/configurationProblem``) and stops every item that would need it.
    public init(
        store: DataStore, configuration: TransferConfiguration, secrets: TransferSecrets, logger: Logger = Logger(label: "transfer"),
        now: @escaping @Sendable () -> Date = { Date() }, jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) throws {
        guard configuration.webdav != nil || configuration.email != nil else {
            throw TransferError.configuration("neither webdav nor email is configured")
        }
        if configuration.webdav != nil && secrets.webdav == nil {
            throw TransferError.configuration("no WebDAV account: put it in the secrets file or set STUDY_RECORDER_WEBDAV_USER and STUDY_RECORDER_WEBDAV_PASSWORD")
        }
        self.store = store
        self.configuration = configuration
        self.secrets = secrets
        self.logger = logger
        self.now = now
        self.jitter = jitter
        for url in [configuration.webdav?.url, configuration.announcements?.url].compactMap({ $0 }) {
            if let c = URLComponents(string: url), c.scheme?.lowercased() == "http", !["127.0.0.1", "localhost", "::1"].contains(c.host ?? "") {
                logger.warning("\(c.host ?? url) is reached over plain http: the password and the data travel unencrypted; use https")
            }
        }
        if configuration.webdav?.connection.insecure == true || configuration.email?.connection.insecure == true {
            logger.warning("certificate verification is OFF (insecure: true); use it only with a test server")
        }
        do {
            sealer = try Sealer(store: store, policy: configuration.encryption.policy)
            sealerProblem = nil
        } catch {
            sealer = nil
            sealerProblem = "\(error)"
        }
    }

    /// Sends what is due and returns what happened. `progress` is called while files are sent.
    public func run(_ options: UploadOptions = UploadOptions(), progress: (@Sendable (UploadProgress) -> Void)? = nil) async throws -> UploadReport {
        var report = UploadReport()
        report.configurationProblem = sealerProblem
        if options.dryRun { return try plan(options, report) }
        // `<data>/upload.lock`: the kernel releases it when the process ends, even after a crash.
        guard let lock = try ExclusiveLock(file: store.root.appendingPathComponent("upload.lock")) else {
            report.busy = true
            report.remaining = try remainingCount()
            logger.info("another upload run is active; nothing done")
            return report
        }
        defer { withExtendedLifetime(lock) {} }
        if let sealer, configuration.encryption.mode == .atRest { try sealer.recover() }
        let outbox = try store.privateFolder().appendingPathComponent("outbox", isDirectory: true)
        try? FileManager.default.removeItem(at: outbox)
        defer { try? FileManager.default.removeItem(at: outbox) }

        if options.ignoreBackoff {
            for item in try store.catalog.items(state: .pending) where item.nextAttempt != nil {
                try store.catalog.update(id: item.id) { $0.nextAttempt = nil }
            }
        }
        let owner = "\(ProcessInfo.processInfo.hostName):\(getpid()):\(UUID().uuidString.prefix(8))"
        // The run lock is held, so any item still `sending` belongs to a run that died: take it over.
        report.keptLocal = try keptLocal()
        let claimed = try store.catalog.claimDue(now: now(), owner: owner, limit: options.limit, staleAfter: 0, keepingLocal: keepingLocal)
        var unfinished = Set(claimed.map(\.id))
        defer {
            // Whatever happens, no item stays claimed by this run.
            for id in unfinished { _ = try? store.catalog.update(id: id) { if $0.state == .sending { $0.state = .pending; $0.claimedBy = nil; $0.claimedAt = nil } } }
        }
        var folders = Set<String>()
        var serverUnreachable: String?
        var mailQueue: [(item: CatalogItem, payload: Payload, error: String)] = []
        for (index, original) in claimed.enumerated() {
            try Task.checkCancellation()
            var item = original
            let payload: Payload
            do {
                (item, payload) = try prepare(item, outbox: outbox)
            } catch {
                report.failed.append(try fail(item, error: "\(error)"))
                unfinished.remove(item.id)
                continue
            }
            var webdavError = "WebDAV is not configured"
            if let unreachable = serverUnreachable {
                // The server could not be reached for an earlier item: do not wait for it again.
                webdavError = unreachable
            } else if let webdav = configuration.webdav, let credentials = secrets.webdav {
                do {
                    let count = claimed.count, name = payload.name
                    let onProgress: @Sendable (Int64, Int64) -> Void = { sent, total in
                        progress?(UploadProgress(index: index + 1, count: count, name: name, sent: sent, total: total))
                    }
                    let remote = try await deliver(item, payload, webdav: webdav, credentials: credentials, folders: &folders, progress: onProgress)
                    report.sent.append(try succeed(item, via: "webdav", remote: remote))
                    unfinished.remove(item.id)
                    continue
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    webdavError = "\(error)"
                    if case TransferError.network(let code, _) = error, Self.unreachableCodes.contains(code) { serverUnreachable = webdavError }
                    if case TransferError.http(let status, _, _) = error, status == 401 {
                        // Retrying cannot fix a wrong password: say so once, and stop asking the server.
                        serverUnreachable = webdavError
                        report.configurationProblem = report.configurationProblem
                            ?? "the WebDAV server refused the account (HTTP 401): check the user and password in the secrets file or environment"
                    }
                    logger.warning("WebDAV upload failed", metadata: ["item": "\(item.id)", "error": "\(webdavError)"])
                }
            }
            if let email = configuration.email, item.attempts + 1 >= email.afterFailures || configuration.webdav == nil {
                if payload.encrypted || configuration.encryption.allowPlaintextEmail {
                    mailQueue.append((item, payload, webdavError))
                    continue
                }
                webdavError += "; not mailed: unencrypted files are mailed only with encryption.allowPlaintextEmail"
            }
            report.failed.append(try fail(item, error: webdavError))
            unfinished.remove(item.id)
        }
        if let email = configuration.email, !mailQueue.isEmpty {
            try await mail(mailQueue, settings: email, report: &report, unfinished: &unfinished)
        }
        report.remaining = try remainingCount()
        return report
    }

    /// curl errors meaning the server cannot be reached at all (name resolution, connection, time-out,
    /// TLS handshake or certificate), after which a run stops trying WebDAV for its other items.
    static let unreachableCodes: Set<Int> = [5, 6, 7, 28, 35, 51, 53, 58, 59, 60, 77, 83, 90, 91]

    /// The file that goes out for an item and the name it goes under.
    struct Payload: Sendable {
        var file: URL
        var name: String
        var size: Int64
        var encrypted: Bool
    }

    /// Checks the item's file and makes it ready to send under the encryption policy.
    private func prepare(_ original: CatalogItem, outbox: URL) throws -> (CatalogItem, Payload) {
        var item = original
        let mode = configuration.encryption.mode
        if item.encryption == .none && mode != .none {
            guard let sealer else { throw TransferError.encryption(sealerProblem ?? "no study key") }
            if mode == .atRest {
                do { item = try sealer.seal(item) } catch { throw TransferError.encryption("\(error)") }
            }
        }
        let file = store.url(of: item.path)
        var st = stat()
        guard stat(file.path, &st) == 0 else { throw TransferError.localFile(path: item.path, reason: "missing on disk") }
        if item.size > 0 && Int64(st.st_size) != item.size {
            throw TransferError.localFile(path: item.path, reason: "size \(st.st_size) differs from the catalogued \(item.size); not sent")
        }
        let name = (item.path as NSString).lastPathComponent
        if item.encryption != .none { return (item, Payload(file: file, name: name, size: Int64(st.st_size), encrypted: true)) }
        if mode == .atUpload, let sealer {
            do {
                let copy = try sealer.encryptedCopy(of: item, into: outbox)
                var cst = stat()
                _ = stat(copy.path, &cst)
                return (item, Payload(file: copy, name: name + "." + configuration.encryption.policy.fileExtension, size: Int64(cst.st_size), encrypted: true))
            } catch {
                throw TransferError.encryption("\(error)")
            }
        }
        guard mode == .none else { throw TransferError.encryption("the item is not encrypted") }
        // The consent record holds the participant's name (the signature): it leaves the device only
        // encrypted, whatever the configuration says about other items.
        guard item.kind != .consent else {
            throw TransferError.encryption("consent records hold the participant's name and are uploaded only encrypted; configure encryption (at-rest or at-upload) to send it")
        }
        return (item, Payload(file: file, name: name, size: Int64(st.st_size), encrypted: false))
    }

    /// Puts one item on the WebDAV server; returns its remote path (relative to the base URL).
    private func deliver(
        _ item: CatalogItem, _ payload: Payload, webdav: WebDAVSettings, credentials: Credentials, folders: inout Set<String>,
        progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> String {
        let client = try WebDAVClient(base: webdav.url, credentials: credentials, connection: webdav.connection)
        if !folders.contains(item.participant) {
            do {
                _ = try await client.makeFolder(item.participant)
            } catch TransferError.http(let status, _, _) where status == 403 {
                // An account that may not MKCOL may still PUT into an existing folder; the PUT decides.
            }
            folders.insert(item.participant)
        }
        for name in RemoteName.candidates(fileName: payload.name, itemID: item.id) {
            let path = [item.participant, name]
            switch try await client.upload(file: payload.file, to: path, progress: progress) {
            case .stored:
                return path.joined(separator: "/")
            case .exists:
                logger.notice("name taken on the server; not overwritten", metadata: ["item": "\(item.id)", "remote": "\(path.joined(separator: "/"))"])
                if webdav.canList, case .size(let remoteSize) = try await client.size(of: path), remoteSize == payload.size, name == payload.name {
                    // Same name and same size: the item arrived in a run that crashed before recording it.
                    return path.joined(separator: "/")
                }
            }
        }
        throw TransferError.http(status: 412, method: "PUT", path: "/\(item.participant)/\(payload.name) (and the alternative names)")
    }

    private func mail(
        _ queue: [(item: CatalogItem, payload: Payload, error: String)], settings: EmailSettings, report: inout UploadReport, unfinished: inout Set<String>
    ) async throws {
        let mailer = Mailer(settings: settings, credentials: secrets.smtp)
        let attachments = queue.map { MailAttachment(file: $0.payload.file, name: $0.payload.name, size: $0.payload.size) }
        let (batches, tooLarge) = mailer.batches(attachments)
        func entries(_ batch: [MailAttachment]) -> [(item: CatalogItem, payload: Payload, error: String)] {
            batch.compactMap { a in queue.first { $0.payload.file == a.file } }
        }
        for a in tooLarge {
            for entry in entries([a]) {
                report.failed.append(try fail(entry.item, error: entry.error + "; too large to mail (email.maxMessageBytes)"))
                unfinished.remove(entry.item.id)
            }
        }
        let recipients = settings.to.joined(separator: ",")
        for batch in batches {
            let members = entries(batch)
            do {
                try await mailer.send(batch)
                for entry in members {
                    report.sent.append(try succeed(entry.item, via: "email", remote: "mailto:\(recipients)"))
                    unfinished.remove(entry.item.id)
                }
            } catch is CancellationError {
                // Not a failure of the items: the run was stopped; the caller's claim release keeps them pending.
                throw CancellationError()
            } catch {
                logger.warning("e-mail fallback failed", metadata: ["error": "\(error)"])
                for entry in members {
                    report.failed.append(try fail(entry.item, error: entry.error + "; \(error)"))
                    unfinished.remove(entry.item.id)
                }
            }
        }
    }

    private func succeed(_ item: CatalogItem, via: String, remote: String) throws -> UploadReport.Outcome {
        let at = now()
        let stored = try store.catalog.update(id: item.id) { row in
            row.state = .transmitted
            row.transmittedAt = at
            row.transmittedVia = via
            row.remoteName = remote
            row.lastError = nil
            row.nextAttempt = nil
            row.claimedBy = nil
            row.claimedAt = nil
        }
        logger.info("sent", metadata: ["item": "\(item.id)", "via": "\(via)", "remote": "\(remote)"])
        return UploadReport.Outcome(id: stored.id, path: stored.path, remote: remote, via: via)
    }

    private func fail(_ item: CatalogItem, error: String) throws -> UploadReport.Outcome {
        let at = now()
        let backoff = configuration.backoff, jitter = jitter()
        let stored = try store.catalog.update(id: item.id) { row in
            row.state = .pending
            row.attempts += 1
            row.lastError = error
            row.nextAttempt = at.addingTimeInterval(backoff.delay(afterFailures: row.attempts, jitter: jitter))
            row.claimedBy = nil
            row.claimedAt = nil
        }
        return UploadReport.Outcome(
            id: stored.id, path: stored.path, error: error, nextAttempt: stored.nextAttempt.map { UTCTimestamp.iso8601($0) })
    }

    /// The kinds whose unencrypted items stay local under this configuration.
    private var keepingLocal: Set<ItemKind> {
        configuration.encryption.mode == .none ? LocalOnlyPolicy.plaintextStaysLocal : []
    }

    /// The items kept on the device by policy, each with the reason.
    private func keptLocal() throws -> [UploadReport.Outcome] {
        try store.catalog.items(state: .pending).compactMap { item in
            LocalOnlyPolicy.reason(for: item, mode: configuration.encryption.mode).map { UploadReport.Outcome(id: item.id, path: item.path, error: $0) }
        }
    }

    private func plan(_ options: UploadOptions, _ base: UploadReport) throws -> UploadReport {
        var report = base
        report.dryRun = true
        report.keptLocal = try keptLocal()
        let at = now()
        let local = Set(report.keptLocal.map(\.id))
        let due = try store.catalog.items(state: .pending)
            .filter { !local.contains($0.id) && (options.ignoreBackoff || $0.nextAttempt == nil || $0.nextAttempt! <= at) }
        for item in due.prefix(options.limit) {
            let name = (item.path as NSString).lastPathComponent
            let remoteName = item.encryption == .none && configuration.encryption.mode != .none
                ? name + "." + configuration.encryption.policy.fileExtension : name
            report.planned.append(UploadReport.Outcome(id: item.id, path: item.path, remote: "\(item.participant)/\(remoteName)"))
        }
        report.remaining = try remainingCount()
        return report
    }

    /// Items still waiting to be sent: pending or being sent, not those kept local by policy.
    private func remainingCount() throws -> Int {
        let pending = try store.catalog.items(state: .pending).filter { LocalOnlyPolicy.reason(for: $0, mode: configuration.encryption.mode) == nil }
        return try pending.count + store.catalog.items(state: .sending).count
    }
}
