public import Foundation
public import Logging
public import Storage
import DataSources

/// Sends every pending item of a data folder to the study's server, unattended: WebDAV first, e-mail
/// as the fallback, encrypted as the study's policy says. The uploader holds the policy; where the
/// bytes go is an ``UploadDestination`` (``WebDAVDestination``, ``EmailDestination``, or your own,
/// e.g. ``InMemoryDestination`` in tests).
///
/// Guarantees:
/// - An item is marked transmitted only after the destination confirmed it (any 2xx answer to the
///   PUT, or the mail server's acceptance). Confirmations are recorded a few at a time, in one catalog
///   transaction (``ConfirmedItems``: at most 16 items or 1 s, and before any large transfer), and all
///   of them when the run ends, is cancelled or fails. Any failure keeps the item pending with the
///   attempt count, the last error and the next try time (exponential backoff with jitter,
///   ``BackoffPolicy``).
/// - Beside each item the destination keeps its ``UploadManifest`` (`<remote name>.manifest.json`, sealed
///   like the item as `.manifest.json.gpg`), the sizes and SHA-256 a collector checks against. The
///   item counts as transmitted only when the manifest is confirmed too; when the item arrived and the
///   manifest did not, the item stays pending with its remote name noted, and the next run sends the
///   manifest alone (kept in `private/manifests/` meanwhile), never the item again.
/// - Two overlapping runs never send the same item: a run holds `<data>/upload.lock` and claims items
///   through the catalog. Items still being written are never claimed.
/// - With encryption required, nothing is sent unencrypted: an item that cannot be encrypted fails.
/// - An item whose file is missing, has another size than catalogued, or (sent as stored) another
///   SHA-256, is never sent: it needs a person (``UploadReport/needsPerson``), starts no backoff and
///   holds nothing else back.
/// - A consent record or its PDF (the files with the participant's name) is never sent unencrypted: without
///   encryption it is kept on the device by policy (``UploadReport/keptLocal``), not counted as pending.
/// - A refused account or URL (``TransferError/isRefusal``: HTTP 401, or 403/405 to PUT or MKCOL) is a
///   configuration problem (``UploadReport/configurationProblem``), not a reason to try again later:
///   it starts no backoff, so the run after the fix sends at once. After a 401 the run stops using
///   that destination, as it does when the destination cannot be reached
///   (``TransferError/makesDestinationUnusable``).
/// - Items waiting for their backoff are counted in the report with the earliest next try
///   (``UploadReport/waiting``, ``UploadReport/nextAttempt``).
/// - Cancelling the run's task (SIGTERM) aborts the transfer in flight and releases every claim.
/// - Nothing on the server is overwritten: uploads use `If-None-Match: *`; when the name is taken, the
///   item goes under a distinct name (``RemoteName``), or counts as delivered when the account may list
///   and the remote size equals the local one. On a server that ignores the condition (nginx, rclone;
///   ``ConditionalPutProbe``), each name is checked before its PUT (``WebDAVDestination``). Delivery is at least once: a kill between the
///   server's confirmation and the catalog update leaves the item claimed, and the next run sends it
///   again; with ``WebDAVSettings/canList`` the copy already there (same name and size) counts as
///   delivered, without it the item can end up twice, once under a distinct name; never a loss.
/// - A run's requests are made from the thread that runs it (a ``BlockingExecutor``'s), not handed to
///   another thread and back: for many small files those hand-offs cost as much as the transfers.
/// - All WebDAV requests of a run share one connection (and TLS session).
///
/// ```swift
/// let uploader = try Uploader(store: store, configuration: config, secrets: secrets)
/// for try await event in uploader.upload() {
///     if case .progress(let p) = event { … }
/// }
/// // or, all at once:
/// let report = try await uploader.run(UploadOptions()) { progress in … }
/// ```
package struct Uploader: Sendable {
    /// The data folder whose items are sent.
    package let store: DataStore
    /// Where and how to send.
    package let configuration: TransferConfiguration
    /// Where items go first (the WebDAV server), if anywhere.
    package let destination: (any UploadDestination)?
    /// Where items go when the first destination keeps failing (e-mail), if anywhere.
    package let fallback: (any UploadDestination)?
    /// After how many failed attempts an item goes to ``fallback`` (0: at once).
    package let fallbackAfterFailures: Int
    private let sealing: LazySealer
    private let logger: Logger
    private let now: @Sendable () -> Date
    private let jitter: @Sendable () -> Double

    /// An uploader to the destinations `configuration` names (WebDAV, e-mail) with the accounts in
    /// `secrets`. The study key is imported and checked when a run first needs it (on the run's
    /// ``BlockingExecutor`` thread, not here); an unusable key does not throw but is reported in
    /// every run (``UploadReport/configurationProblem``) and stops every item that would need it.
    package init(
        store: DataStore, configuration: TransferConfiguration, secrets: TransferSecrets, logger: Logger = Logger(label: "transfer"),
        now: @escaping @Sendable () -> Date = { Date() }, jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) throws {
        guard configuration.webdav != nil || configuration.email != nil else {
            throw TransferError.configuration("neither webdav nor email is configured")
        }
        if configuration.webdav != nil && secrets.webdav == nil {
            throw TransferError.configuration(
                "no WebDAV account: put it in the secrets file or set STUDY_RECORDER_WEBDAV_USER and STUDY_RECORDER_WEBDAV_PASSWORD")
        }
        let webdav = try configuration.webdav.map { try WebDAVDestination(settings: $0, credentials: secrets.webdav, logger: logger) }
        let email = configuration.email.map { EmailDestination(settings: $0, credentials: secrets.smtp) }
        self.init(
            store: store, configuration: configuration, destination: webdav, fallback: email,
            fallbackAfterFailures: configuration.email?.afterFailures ?? 0, logger: logger, now: now, jitter: jitter)
    }

    /// An uploader to `destination`, with `fallback` for items that failed `fallbackAfterFailures`
    /// times (unencrypted items go to the fallback only with
    /// ``EncryptionSettings/allowPlaintextEmail``). `configuration` gives the encryption policy and
    /// the backoff; its `webdav` and `email` sections are not used.
    package init(
        store: DataStore, configuration: TransferConfiguration, destination: (any UploadDestination)?, fallback: (any UploadDestination)? = nil,
        fallbackAfterFailures: Int = 0, logger: Logger = Logger(label: "transfer"),
        now: @escaping @Sendable () -> Date = { Date() }, jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.store = store
        self.configuration = configuration
        self.destination = destination
        self.fallback = fallback
        self.fallbackAfterFailures = fallbackAfterFailures
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
        sealing = LazySealer(store: store, policy: configuration.encryption.policy)
    }

    /// The study's sealer, `nil` when the key is unusable (``sealerProblem`` says why). The first use
    /// imports the key: only a run, on ``BlockingExecutor/shared``, uses it.
    private var sealer: Sealer? { sealing.get().sealer }
    /// Why there is no ``sealer``.
    private var sealerProblem: String? { sealing.get().problem }

    /// Sends what is due and returns what happened. `progress` is called while files are sent (from
    /// the transfer's thread).
    package func run(_ options: UploadOptions = UploadOptions(), progress: (@Sendable (UploadProgress) -> Void)? = nil) async throws -> UploadReport {
        try await withTaskExecutorPreference(BlockingExecutor.shared) {
            try await execute(options) { event in
                if case .progress(let p) = event { progress?(p) }
            }
        }
    }

    /// Sends what is due, telling as it goes: the stream yields ``UploadEvent``s and ends after
    /// ``UploadEvent/finished(_:)``, or throws what stopped the run (`CancellationError` when
    /// cancelled). Stopping the iteration (or cancelling its task) cancels the run: the transfer in
    /// flight is aborted and every claim released, as with ``run(_:progress:)``.
    package func upload(_ options: UploadOptions = UploadOptions()) -> AsyncThrowingStream<UploadEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: UploadEvent.self, throwing: (any Error).self, bufferingPolicy: .unbounded)
        let task = Task(executorPreference: BlockingExecutor.shared) {
            do {
                _ = try await execute(options) { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    // on BlockingExecutor (run and upload prefer it)
    /// One run: `emit` gets every event, ``UploadEvent/finished(_:)`` last. It runs on the shared
    /// ``BlockingExecutor`` (its callers ask for it): the catalog updates, the file checks and the
    /// sealing with GPGME block, and stay off the cooperative pool.
    private func execute(_ options: UploadOptions, emit: @escaping @Sendable (UploadEvent) -> Void) async throws -> UploadReport {
        var report = UploadReport()
        report.configurationProblem = sealerProblem  // imports the study key on the run's first use
        if options.dryRun {
            report = try plan(options, report)
            report.keptLocal.forEach { emit(.keptLocal($0)) }
            emit(.planned(items: report.planned.count, bytes: try plannedBytes(report.planned)))
            emit(.finished(report))
            return report
        }
        // `<data>/upload.lock`: the kernel releases it when the process ends, even after a crash.
        guard let lock = try ExclusiveLock(file: store.root.appendingPathComponent("upload.lock")) else {
            report.busy = true
            report.remaining = try remainingCount()
            logger.info("another upload run is active; nothing done")
            emit(.finished(report))
            return report
        }
        defer { withExtendedLifetime(lock) {} }
        if let sealer, configuration.encryption.policy.mode == .atRest { try sealer.recoverBlocking() }  // on BlockingExecutor (see above)
        let manifests = try manifestsFolder()
        let outbox = try store.privateFolder().appendingPathComponent("outbox", isDirectory: true)
        try? FileManager.default.removeItem(at: outbox)
        defer { try? FileManager.default.removeItem(at: outbox) }

        if options.ignoreBackoff {
            for item in try store.catalog.items(state: .pending) where item.nextAttempt != nil {
                try store.catalog.update(id: item.id) { $0.nextAttempt = nil }
            }
        }
        // An item that needs a person waits for no backoff (an older run may have set one): it is
        // claimed now, so that this run names it and exits for a person.
        for item in try store.catalog.items(state: .pending) where item.nextAttempt.map({ $0 > now() }) == true {
            if Self.fileProblem(of: item, in: store) != nil { try store.catalog.update(id: item.id) { $0.nextAttempt = nil } }
        }
        let owner = "\(ProcessInfo.processInfo.hostName):\(getpid()):\(UUID().uuidString.prefix(8))"
        // The run lock is held, so any item still `sending` belongs to a run that died: take it over.
        report.keptLocal = try keptLocal()
        report.keptLocal.forEach { emit(.keptLocal($0)) }
        let claimed = try store.catalog.claimDue(now: now(), owner: owner, limit: options.limit, staleAfter: 0, keepingLocal: keepingLocal)
        emit(.planned(items: claimed.count, bytes: claimed.reduce(0) { $0 + max(0, $1.size) }))
        let tally = UploadTally(report: report, claimed: claimed, emit: emit)
        defer {
            // Whatever happens, what the server confirmed is recorded and no other item stays claimed by this run.
            try? record(tally, manifests: manifests)
            for id in tally.unfinished {
                _ = try? store.catalog.update(id: id) { if $0.state == .sending { $0.state = .pending; $0.claimedBy = nil; $0.claimedAt = nil } }
            }
        }
        do {
            try await send(claimed, outbox: outbox, manifests: manifests, tally: tally)
        } catch {
            await finishDestinations()
            throw error
        }
        await finishDestinations()
        try record(tally, manifests: manifests)
        report = tally.report
        report.remaining = try remainingCount()
        (report.waiting, report.nextAttempt) = try waitingForBackoff()
        emit(.finished(report))
        return report
    }

    /// Tells the destinations the run is over (they close their connections).
    private func finishDestinations() async {
        await destination?.finishRun()
        await fallback?.finishRun()
    }

    /// An item the destination did not take, queued for the fallback with the destination's error.
    private struct FallbackEntry {
        var item: CatalogItem
        var payload: UploadPayload
        var error: String
    }

    /// Prepares and sends each claimed item: to ``destination`` first, then (after enough failures)
    /// to ``fallback``, in one batch at the end. What happens to an item is decided here and in
    /// ``send(_:at:outbox:primary:tally:)``; `tally` records and reports it.
    private func send(_ claimed: [CatalogItem], outbox: URL, manifests: URL, tally: UploadTally) async throws {
        var primary = destination.map(PrimaryDestination.init)
        var fallbackQueue: [FallbackEntry] = []
        for (index, item) in claimed.enumerated() {
            try Task.checkCancellation()
            if tally.confirmed.isDue(before: item.size) { try record(tally, manifests: manifests) }
            let position = UploadItem(index: index + 1, count: claimed.count, id: item.id, path: item.path, size: item.size)
            tally.emit(.started(position))
            if let queued = try await send(item, at: position, outbox: outbox, primary: &primary, tally: tally) {
                fallbackQueue.append(queued)
            }
        }
        try await sendToFallback(fallbackQueue, tally: tally)
    }

    /// Prepares one claimed item and sends it to the primary destination; returns it when it goes to
    /// ``fallback`` instead (after enough failures, or without a primary destination).
    private func send(
        _ claimed: CatalogItem, at position: UploadItem, outbox: URL, primary: inout PrimaryDestination?, tally: UploadTally
    ) async throws -> FallbackEntry? {
        if let remote = claimed.remoteName, claimed.transmittedVia == nil {
            // On the server since an earlier run, whose manifest did not get there: send only the manifest.
            guard let usable = primary, usable.unusable == nil else {
                try failed(claimed, primary?.unusable ?? "WebDAV is not configured", backoff: primary?.isRefusal != true, tally: tally)
                return nil
            }
            let delivery = UploadDelivery(via: usable.destination.via, remote: remote)
            if let error = try await confirm(claimed, delivery, uploaded: nil, via: usable, outbox: outbox, tally: tally) { primary?.note(error) }
            return nil
        }
        var item = claimed
        let payload: UploadPayload
        do {
            (item, payload) = try prepare(item, outbox: outbox)
        } catch let error as TransferError where error.code == .needsPerson {
            try needsPerson(item, error, tally: tally)
            return nil
        } catch {
            try failed(item, "\(error)", tally: tally)
            return nil
        }
        var firstError = "WebDAV is not configured"
        var refused = false
        var digestChecked = false
        if let reason = primary?.unusable {
            refused = primary?.isRefusal == true
            // The destination could not be reached (or refused the account) for an earlier item: do not wait for it again.
            firstError = reason
        } else if let usable = primary {
            digestChecked = true
            if let problem = digestProblem(of: item, sending: payload) {
                try needsPerson(item, problem, tally: tally)
                return nil
            }
            let throttle = ProgressThrottle(), id = item.id, name = payload.name, emit = tally.emit
            let onProgress: @Sendable (Int64, Int64) -> Void = { sent, total in
                guard throttle.admit(sent: sent, total: total) else { return }
                emit(.progress(UploadProgress(index: position.index, count: position.count, id: id, name: name, sent: sent, total: total)))
            }
            let result: Result<UploadDelivery, TransferError>
            do throws(TransferError) {
                result = .success(try await usable.destination.deliver(payload, progress: onProgress))
            } catch {
                result = .failure(error)
            }
            switch result {
            case .success(let delivery):
                // Sent only once its manifest is beside it; otherwise the next run sends the manifest alone.
                if let error = try await confirm(item, delivery, uploaded: payload, via: usable, outbox: outbox, tally: tally) { primary?.note(error) }
                return nil
            case .failure(let error):
                if error.code == .cancelled { throw CancellationError() }
                firstError = "\(error)"
                refused = error.isRefusal
                primary?.note(error)
                // Retrying cannot fix a wrong password or a missing right: say so once.
                if refused { tally.refused(Self.refusal(error, server: usable.server)) }
                logger.info("upload failed", metadata: ["item": "\(item.id)", "via": "\(usable.destination.via)", "error": "\(firstError)"])
            }
        }
        if let fallback, item.attempts + 1 >= fallbackAfterFailures || primary == nil {
            if payload.encrypted || configuration.encryption.allowPlaintextEmail {
                if !digestChecked, let problem = digestProblem(of: item, sending: payload) {
                    try needsPerson(item, problem, tally: tally)
                    return nil
                }
                return FallbackEntry(item: item, payload: payload, error: firstError)
            }
            let verb = fallback.via == "email" ? "mailed" : "sent by \(fallback.via)"
            firstError += "; not \(verb): unencrypted files are \(verb) only with encryption.allowPlaintextEmail"
        }
        try failed(item, firstError, backoff: !refused, tally: tally)
        return nil
    }

    /// Sends what the primary destination did not take to ``fallback``, in one batch.
    private func sendToFallback(_ queue: [FallbackEntry], tally: UploadTally) async throws {
        guard let fallback, !queue.isEmpty else { return }
        let results = await fallback.deliver(batch: queue.map(\.payload))
        var cancelled = false
        for (entry, result) in zip(queue, results) {
            switch result {
            case .success(let delivery):
                tally.sent(entry.item, delivery, at: now())
            case .failure(let error) where error.code == .cancelled:
                // Not a failure of the item: the run was stopped; the claim release keeps it pending.
                cancelled = true
            case .failure(let error):
                logger.info("fallback failed", metadata: ["item": "\(entry.item.id)", "via": "\(fallback.via)", "error": "\(error)"])
                try failed(entry.item, entry.error + "; \(error)", tally: tally)
            }
        }
        if cancelled { throw CancellationError() }
    }

    /// Puts the manifest beside `delivery` through `primary` (``sendManifest(of:delivery:uploaded:via:outbox:)``):
    /// the item is sent once it is there. Otherwise the item failed, and the error is returned for
    /// the destination's health.
    private func confirm(
        _ item: CatalogItem, _ delivery: UploadDelivery, uploaded: UploadPayload?, via primary: PrimaryDestination, outbox: URL, tally: UploadTally
    ) async throws -> TransferError? {
        do {
            try await sendManifest(of: item, delivery: delivery, uploaded: uploaded, via: primary.destination, outbox: outbox)
            tally.sent(item, delivery, at: now())
            return nil
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            let error = TransferError.from(error)
            if error.code == .cancelled { throw CancellationError() }
            if error.isRefusal { tally.refused(Self.refusal(error, server: primary.server)) }
            logger.info("manifest not sent", metadata: ["item": "\(item.id)", "remote": "\(delivery.remote)", "error": "\(error)"])
            try failed(item, "on the server as \(delivery.remote), but its manifest is not: \(error)", backoff: !error.isRefusal, tally: tally)
            return error
        }
    }

    /// Keeps `item` pending with `error` (``fail(_:error:backoff:)``) and reports it.
    private func failed(_ item: CatalogItem, _ error: String, backoff: Bool = true, tally: UploadTally) throws {
        tally.failed(try fail(item, error: error, backoff: backoff))
    }

    /// No retry can send `item`: no backoff, reported apart, every run until a person resolves it.
    private func needsPerson(_ item: CatalogItem, _ error: TransferError, tally: UploadTally) throws {
        tally.needsPerson(try fail(item, error: "\(error)", backoff: false))
    }

    /// Checks the item's file and makes it ready to send under the encryption policy.
    private func prepare(_ original: CatalogItem, outbox: URL) throws -> (CatalogItem, UploadPayload) {
        var item = original
        let mode = configuration.encryption.policy.mode
        // Before sealing: a missing or changed file is a person's to resolve, not an encryption failure.
        if let problem = Self.fileProblem(of: item, in: store) { throw problem }
        if item.encryption == .none && mode != .none {
            guard let sealer else { throw TransferError.encryption(sealerProblem ?? "no study key") }
            if mode == .atRest {
                do { item = try sealer.sealBlocking(item) } catch { throw TransferError.encryption("\(error)") }
            }
        }
        let file = store.url(of: item.path)
        if let problem = Self.fileProblem(of: item, in: store) { throw problem }
        var st = stat()
        guard stat(file.path, &st) == 0 else { throw TransferError.needsPerson(path: item.path, reason: "missing on disk") }
        let name = RemoteName.fileName(of: item.path)
        if item.encryption != .none {
            return (
                item,
                UploadPayload(
                    itemID: item.id, participant: item.participant, kind: item.kind, file: file, name: name, size: Int64(st.st_size), encrypted: true)
            )
        }
        if mode == .atUpload, let sealer {
            do {
                let copy = try sealer.encryptedCopyBlocking(of: item, into: outbox)
                var cst = stat()
                _ = stat(copy.path, &cst)
                return (
                    item,
                    UploadPayload(
                        itemID: item.id, participant: item.participant, kind: item.kind, file: copy,
                        name: name + "." + configuration.encryption.policy.fileExtension, size: Int64(cst.st_size), encrypted: true)
                )
            } catch {
                throw TransferError.encryption("\(error)")
            }
        }
        guard mode == .none else { throw TransferError.encryption("the item is not encrypted") }
        // The consent record and its PDF hold the participant's name (the signature): they leave the
        // device only encrypted, whatever the configuration says about other items.
        guard !item.kind.holdsName else {
            throw TransferError.encryption(
                "consent records hold the participant's name and are uploaded only encrypted; configure encryption (at-rest or at-upload) to send it")
        }
        return (
            item,
            UploadPayload(
                itemID: item.id, participant: item.participant, kind: item.kind, file: file, name: name, size: Int64(st.st_size), encrypted: false)
        )
    }

    /// Why the file of pending `item` can never be sent as catalogued (one `stat`): missing, or another
    /// size than the catalog holds (recovery has already healed a file that reads; what is left is
    /// cut short or changed). `nil` when it may go. The digest is not read here: hashing every file
    /// at every run would read gigabytes; a person's restore checks it (``ItemResolution``).
    static func fileProblem(of item: CatalogItem, in store: DataStore) -> TransferError? {
        var st = stat()
        guard stat(store.url(of: item.path).path, &st) == 0 else { return .needsPerson(path: item.path, reason: "missing on disk") }
        if item.size > 0 && Int64(st.st_size) != item.size {
            return .needsPerson(path: item.path, reason: "\(st.st_size) bytes on disk, but the catalog says \(item.size); not sent")
        }
        return nil
    }

    /// Why the stored file about to be sent as it is (plaintext, not a copy) is not the one catalogued:
    /// its SHA-256 differs (changed in place, same size). Read only right before a delivery is tried,
    /// never while the destination is unusable, so a server that is down costs no reading; the
    /// manifest then states a digest that was checked. `nil` when it matches, when the catalog holds
    /// none, or when the file cannot be read (the transfer says so).
    private func digestProblem(of item: CatalogItem, sending payload: UploadPayload) -> TransferError? {
        guard item.encryption == .none, let expected = item.sha256, payload.file.path == store.url(of: item.path).path,
            let found = try? SHA256.hex(ofFile: payload.file), found != expected
        else { return nil }
        return .needsPerson(path: item.path, reason: "its SHA-256 is not the catalogued one (changed after it was stored); not sent")
    }

    // on BlockingExecutor (only a run, see execute, sends a manifest)
    /// Puts the item's ``UploadManifest`` beside it through `destination`, sealed when the item went
    /// sealed. With `uploaded` (the payload just confirmed), the manifest is made from it; when it
    /// cannot be sent, it is kept in `private/manifests/<id>.json` and the catalog notes the item's
    /// remote name (still not sent), so that a later run sends the manifest alone without sending the
    /// item again. (A kill before that leaves the item claimed; the next run sends both again, as for
    /// any confirmation not yet recorded: ``ConfirmedItems``.) Without `uploaded`, the kept manifest
    /// is sent (or, when lost, one made again from the catalog where the stored file is what was
    /// uploaded).
    private func sendManifest(
        of item: CatalogItem, delivery: UploadDelivery, uploaded: UploadPayload?, via destination: any UploadDestination, outbox: URL
    ) async throws {
        let name = RemoteName.fileName(of: delivery.remote)
        let manifest: UploadManifest
        if let uploaded {
            let stored = uploaded.file.path == store.url(of: item.path).path
            let digest: String
            if stored, let known = item.sha256 {
                digest = known
            } else {
                do { digest = try SHA256.hex(ofFile: uploaded.file) } catch {
                    throw TransferError.localFile(path: uploaded.file.lastPathComponent, reason: "cannot be read: \(error)")
                }
            }
            manifest = UploadManifest(item: item, uploaded: .init(name: name, size: uploaded.size, sha256: digest, encrypted: uploaded.encrypted))
            do {
                try await put(manifest, of: item, beside: delivery, name: name, via: destination, outbox: outbox)
            } catch {
                // On the server without its manifest: keep the manifest and note the remote name, so
                // that a later run sends the manifest alone.
                try AtomicFile.write(try manifest.encoded(), to: try manifestFile(of: item.id), permissions: 0o600)
                let remote = delivery.remote
                _ = try store.catalog.update(id: item.id) { $0.remoteName = remote }
                throw error
            }
            return
        } else if let data = try? Data(contentsOf: try manifestFile(of: item.id)), let read = try? UploadManifest.decode(data) {
            manifest = read
        } else if let digest = item.sha256, item.encryption != .none || configuration.encryption.policy.mode == .none {
            manifest = UploadManifest(item: item, uploaded: .init(name: name, size: item.size, sha256: digest, encrypted: item.encryption != .none))
        } else {
            // The encrypted copy that went is gone and its digest with it: send the item again.
            _ = try store.catalog.update(id: item.id) { $0.remoteName = nil }
            throw TransferError.localFile(path: "private/manifests/\(item.id).json", reason: "missing; the item is sent again next time")
        }
        try await put(manifest, of: item, beside: delivery, name: name, via: destination, outbox: outbox)
    }

    /// Puts `manifest` beside the item delivered as `delivery`, named after the item's remote `name`:
    /// from memory, or, when the item went sealed, sealed through a file in the outbox (nothing
    /// unencrypted leaves the device beside a sealed item).
    private func put(
        _ manifest: UploadManifest, of item: CatalogItem, beside delivery: UploadDelivery, name: String, via destination: any UploadDestination,
        outbox: URL
    ) async throws {
        let data = try manifest.encoded()
        guard manifest.uploaded.encrypted else {
            // Sent from memory: a scratch file rewritten per item cost a truncation, a write and a
            // read on the critical path between one request and the next.
            let payload = UploadPayload(
                itemID: item.id, participant: item.participant, kind: item.kind, file: outbox.appendingPathComponent(item.id + UploadManifest.suffix),
                name: UploadManifest.fileName(beside: name, encryptionExtension: nil), size: Int64(data.count), encrypted: false, content: data)
            _ = try await destination.deliver(manifest: payload, beside: delivery)
            return
        }
        guard let encryptor = sealer?.encryptor else { throw TransferError.encryption(sealerProblem ?? "no study key to seal the manifest") }
        try FileManager.default.createDirectory(at: outbox, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let policy = configuration.encryption.policy
        let plain = outbox.appendingPathComponent("manifest" + UploadManifest.suffix)
        let file = outbox.appendingPathComponent(item.id + UploadManifest.suffix + "." + policy.fileExtension)
        try Self.writeScratch(data, to: plain)
        defer {
            try? FileManager.default.removeItem(at: plain)
            try? FileManager.default.removeItem(at: file)
        }
        do { try encryptor.encrypt(plain, to: file, armored: policy.armored) } catch { throw TransferError.encryption("\(error)") }
        var st = stat()
        _ = stat(file.path, &st)
        let payload = UploadPayload(
            itemID: item.id, participant: item.participant, kind: item.kind, file: file,
            name: UploadManifest.fileName(beside: name, encryptionExtension: policy.fileExtension), size: Int64(st.st_size), encrypted: true)
        _ = try await destination.deliver(manifest: payload, beside: delivery)
    }

    /// Writes `data` to a new file at `url` (mode 0600) with plain `write` calls: for the plaintext of
    /// a manifest that is sealed and removed, where a crash only loses a copy.
    private static func writeScratch(_ data: Data, to url: URL) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw TransferError.localFile(path: "private/outbox/\(url.lastPathComponent)", reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        let written = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let n = write(fd, base + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        guard written else {
            throw TransferError.localFile(path: "private/outbox/\(url.lastPathComponent)", reason: String(cString: strerror(errno)))
        }
    }

    /// Where the manifest of item `id` is kept until it is on the server (`private/manifests/<id>.json`).
    private func manifestFile(of id: String) throws -> URL {
        try manifestsFolder().appendingPathComponent("\(id).json")
    }

    /// `private/manifests/`, made when missing (each run makes it at its start).
    private func manifestsFolder() throws -> URL {
        let folder = try store.privateFolder().appendingPathComponent("manifests", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return folder
    }

    /// Records the confirmations `tally` holds as sent, in one catalog transaction, and removes
    /// their manifests kept in `manifests`. When that fails, the items go back to the tally's
    /// unfinished ones (their claims are released, and a later run sends them again: the server's
    /// copy decides, ``ConfirmedItems``).
    private func record(_ tally: UploadTally, manifests: URL) throws {
        let entries = tally.confirmed.take()
        guard !entries.isEmpty else { return }
        do {
            try store.catalog.recordTransmitted(
                entries.map { Transmission(id: $0.item.id, at: $0.at, via: $0.delivery.via, remote: $0.delivery.remote) })
        } catch {
            tally.unfinished.formUnion(entries.map(\.item.id))
            throw error
        }
        for entry in entries {
            // A manifest kept by an earlier run whose item is now recorded (usually none: unlink is cheap).
            _ = unlink(manifests.appendingPathComponent("\(entry.item.id).json").path)
            logger.info("sent", metadata: ["item": "\(entry.item.id)", "via": "\(entry.delivery.via)", "remote": "\(entry.delivery.remote)"])
        }
    }

    /// What the CLI says (and exits 78 for) when the server refused the account or the URL.
    static func refusal(_ error: TransferError, server: String) -> String {
        if error.httpStatus == 401 {
            return "the \(server) server refused the account (HTTP 401): check the user and password in the secrets file or environment"
        }
        return "the \(server) server refused \(error.method ?? "the request") \(error.path ?? "") (HTTP \(error.httpStatus ?? 0)): "
            + "the account may not write there; check its rights on the server and webdav.url"
    }

    /// Keeps `item` pending with `error`. With `backoff`, its attempt counts and the next try waits
    /// (``BackoffPolicy``); without (a refusal a person fixes), the next run tries it at once.
    private func fail(_ item: CatalogItem, error: String, backoff counts: Bool = true) throws -> UploadReport.Outcome {
        let at = now()
        let backoff = configuration.backoff, jitter = jitter()
        let stored = try store.catalog.update(id: item.id) { row in
            row.state = .pending
            row.lastError = error
            guard counts else {
                row.nextAttempt = nil
                row.claimedBy = nil
                row.claimedAt = nil
                return
            }
            row.attempts += 1
            row.nextAttempt = at.addingTimeInterval(backoff.delay(afterFailures: row.attempts, jitter: jitter))
            row.claimedBy = nil
            row.claimedAt = nil
        }
        return UploadReport.Outcome(
            id: stored.id, path: stored.path, error: error, nextAttempt: stored.nextAttempt.map { UTCTimestamp.iso8601($0) })
    }

    /// The kinds whose unencrypted items stay local under this configuration.
    private var keepingLocal: Set<ItemKind> {
        configuration.encryption.policy.mode == .none ? LocalOnlyPolicy.plaintextStaysLocal : []
    }

    /// The items kept on the device by policy, each with the reason.
    private func keptLocal() throws -> [UploadReport.Outcome] {
        // Only the kinds kept under this configuration are read, not every pending row.
        let kinds = keepingLocal
        guard !kinds.isEmpty else { return [] }
        return try store.catalog.items(state: .pending, kinds: kinds).compactMap { item in
            LocalOnlyPolicy.reason(for: item, mode: configuration.encryption.policy.mode).map {
                UploadReport.Outcome(id: item.id, path: item.path, error: $0)
            }
        }
    }

    private func plan(_ options: UploadOptions, _ base: UploadReport) throws -> UploadReport {
        var report = base
        report.dryRun = true
        report.keptLocal = try keptLocal()
        let at = now()
        let local = Set(report.keptLocal.map(\.id))
        var due: [CatalogItem] = []
        for item in try store.catalog.items(state: .pending) where !local.contains(item.id) {
            // What needs a person is named whether or not it waits for a backoff (as a real run does).
            if let problem = Self.fileProblem(of: item, in: store) {
                report.needsPerson.append(UploadReport.Outcome(id: item.id, path: item.path, error: "\(problem)"))
            } else if options.ignoreBackoff || item.nextAttempt == nil || item.nextAttempt! <= at {
                due.append(item)
            }
        }
        for item in due.prefix(options.limit) {
            let name = RemoteName.fileName(of: item.path)
            let remoteName =
                item.encryption == .none && configuration.encryption.policy.mode != .none
                ? name + "." + configuration.encryption.policy.fileExtension : name
            report.planned.append(UploadReport.Outcome(id: item.id, path: item.path, remote: "\(item.participant)/\(remoteName)"))
        }
        report.remaining = try remainingCount()
        (report.waiting, report.nextAttempt) = try waitingForBackoff(ignoring: options.ignoreBackoff)
        return report
    }

    /// The catalogued bytes of the items `planned`.
    private func plannedBytes(_ planned: [UploadReport.Outcome]) throws -> Int64 {
        try planned.reduce(0) { $0 + max(0, try store.catalog.item(id: $1.id)?.size ?? 0) }
    }

    /// How many pending items wait for their next try time (a run leaves them alone unless
    /// ``UploadOptions/ignoreBackoff``), and the earliest of those times.
    private func waitingForBackoff(ignoring: Bool = false) throws -> (Int, String?) {
        guard !ignoring else { return (0, nil) }
        let at = now()
        let times = try store.catalog.items(state: .pending).compactMap { item -> Date? in
            guard LocalOnlyPolicy.reason(for: item, mode: configuration.encryption.policy.mode) == nil, let next = item.nextAttempt, next > at else {
                return nil
            }
            return next
        }
        return (times.count, times.min().map { UTCTimestamp.iso8601($0) })
    }

    /// Items still waiting to be sent: pending or being sent, not those kept local by policy.
    private func remainingCount() throws -> Int {
        let pending = try store.catalog.items(state: .pending).filter {
            LocalOnlyPolicy.reason(for: $0, mode: configuration.encryption.policy.mode) == nil
        }
        return try pending.count + store.catalog.items(state: .sending).count
    }
}
