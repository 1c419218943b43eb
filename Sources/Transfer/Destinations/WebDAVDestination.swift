import Foundation
public import Logging
import Storage
import Synchronization

/// Delivers payloads to `<base>/<participant>/<name>` on a WebDAV server, over one connection per run.
///
/// - The participant's folder is made once per run (MKCOL; an existing folder is fine, and an account
///   that may not MKCOL may still PUT into an existing folder).
/// - Nothing is overwritten: PUT carries `If-None-Match: *`; when the name is taken (412), the payload
///   goes under a distinct name (``RemoteName``), or counts as delivered when the account may list
///   (``WebDAVSettings/canList``) and the remote file has the same name and size.
/// - Before the run's first PUT, ``ConditionalPutProbe`` finds out whether the server honours that
///   condition (nginx and rclone do not). Where it does not, each name is checked (PROPFIND) before
///   its PUT, and where the account may not check, the item goes under a name made from its content.
/// - Every request of a run goes through one libcurl handle on one thread (``CurlSession``), so they
///   share one kept-alive connection and TLS session; ``finishRun()`` closes it.
package final class WebDAVDestination: UploadDestination {
    /// `webdav`.
    package var via: String { "webdav" }
    /// The server and how to reach it.
    package let settings: WebDAVSettings
    private let credentials: Credentials?
    private let logger: Logger
    private let run = Mutex(RunState())

    /// What one run keeps: its connection (and the client on it) and the folders it has made.
    private struct RunState {
        var session: CurlSession?
        var client: WebDAVClient?
        var folders: Set<String> = []
        /// Whether the server honours `If-None-Match: *`, found out before the run's first PUT.
        var probe: ConditionalPutProbe.Outcome?
        /// Whether the account was refused a PROPFIND in this run (so names are not checked again).
        var mayNotLook = false
    }

    /// A destination for `settings` with `credentials`; throws when the URL is unusable.
    package init(settings: WebDAVSettings, credentials: Credentials?, logger: Logger = Logger(label: "transfer.webdav")) throws {
        _ = try WebDAVClient(base: settings.url, credentials: credentials, connection: settings.connection)
        self.settings = settings
        self.credentials = credentials
        self.logger = logger
    }

    package func deliver(_ payload: UploadPayload, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws(TransferError) -> UploadDelivery
    {
        do {
            return try await put(payload, progress: progress)
        } catch {
            throw TransferError.from(error)
        }
    }

    /// PUTs the manifest beside the item (`<folder>/<manifest.name>`) with `If-None-Match: *`. A
    /// manifest already there (412) is the item's own from a run that died before recording it: the
    /// name derives from the item's remote name, which no other item has. On a server that ignores the
    /// condition, the PUT replaces that same item's manifest, which loses nothing.
    package func deliver(manifest: UploadPayload, beside item: UploadDelivery) async throws(TransferError) -> String? {
        do {
            let client = try runClient()
            let folder = item.remote.split(separator: "/").dropLast().map(String.init)
            let path = folder + [manifest.name]
            if let content = manifest.content {
                _ = try await client.upload(content, to: path)
            } else {
                _ = try await client.upload(file: manifest.file, to: path)
            }
            return path.joined(separator: "/")
        } catch {
            throw TransferError.from(error)
        }
    }

    /// The run's client on the run's session, both made on first use (the URL checked once per run,
    /// not per request).
    private func runClient() throws -> WebDAVClient {
        try run.withLock { state in
            if let client = state.client { return client }
            let session = state.session ?? CurlSession(name: "webdav")
            state.session = session
            let client = try WebDAVClient(base: settings.url, credentials: credentials, connection: settings.connection, session: session)
            state.client = client
            return client
        }
    }

    /// Closes the run's connection and forgets the folders made.
    package func finishRun() async {
        let session = run.withLock { state in
            defer { state = RunState() }
            return state.session
        }
        session?.close()
    }

    private func put(_ payload: UploadPayload, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> UploadDelivery {
        let client = try runClient()
        let folder = payload.participant
        var folderRefusal: TransferError?
        if !run.withLock({ $0.folders.contains(folder) }) {
            do {
                if try await client.makeFolder(folder) == .existed {
                    // 405: normally "exists"; a PUT that then finds no folder shows it was a refusal.
                    folderRefusal = TransferError.http(status: 405, method: "MKCOL", path: WebDAVClient.path(of: client.url(for: [folder]) + "/"))
                }
            } catch let error as TransferError where error.code == .http && error.httpStatus == 403 {
                // An account that may not MKCOL may still PUT into an existing folder; the PUT decides.
                folderRefusal = error
            }
            run.withLock { _ = $0.folders.insert(folder) }
        }
        let probe: ConditionalPutProbe.Outcome
        if let known = run.withLock({ $0.probe }) {
            probe = known
        } else {
            probe = try await ConditionalPutProbe.run(client)
            run.withLock { $0.probe = probe }
            if probe != .honoured {
                logger.notice(
                    "the server does not refuse to overwrite (If-None-Match: *); each name is checked before its PUT",
                    metadata: ["probe": "\(probe.rawValue)"])
            }
        }
        do {
            if probe == .honoured { return try await putConditionally(payload, client: client, progress: progress) }
            return try await putChecked(payload, client: client, progress: progress)
        } catch let error as TransferError where error.code == .http && [404, 409].contains(error.httpStatus) && error.method == "PUT" {
            // The folder is missing although MKCOL said it existed (or was refused): MKCOL was refused.
            throw folderRefusal ?? error
        }
    }

    /// On a server that honours `If-None-Match: *`: PUT under each candidate name until one is free.
    private func putConditionally(
        _ payload: UploadPayload, client: WebDAVClient, progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> UploadDelivery {
        let folder = payload.participant
        for name in RemoteName.candidates(fileName: payload.name, itemID: payload.itemID) {
            let path = [folder, name]
            switch try await client.upload(file: payload.file, to: path, progress: progress) {
            case .stored:
                return UploadDelivery(via: via, remote: path.joined(separator: "/"))
            case .exists:
                logger.notice(
                    "name taken on the server; not overwritten", metadata: ["item": "\(payload.itemID)", "remote": "\(path.joined(separator: "/"))"])
                if settings.canList, case .size(let remoteSize) = try await client.size(of: path), remoteSize == payload.size, name == payload.name {
                    // Same name and same size: the item arrived in a run that crashed before recording it.
                    return UploadDelivery(via: via, remote: path.joined(separator: "/"))
                }
            }
        }
        throw TransferError.http(status: 412, method: "PUT", path: "/\(folder)/\(payload.name) (and the alternative names)")
    }

    /// On a server that ignores `If-None-Match`: look before each PUT (PROPFIND) and go under a name
    /// only when it is free. Where the account may not look (or the answer tells nothing), the local
    /// name is skipped for the one made from the content (``RemoteName/contentNamed(fileName:sha256:)``):
    /// a file already there under that name holds the same bytes, so replacing it loses nothing. Once
    /// PROPFIND is refused, the run asks no more (an upload-only account: one PUT per item).
    private func putChecked(
        _ payload: UploadPayload, client: WebDAVClient, progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> UploadDelivery {
        let folder = payload.participant
        let digest: String
        do {
            digest = try SHA256.hex(ofFile: payload.file)
        } catch {
            throw TransferError.localFile(path: payload.file.lastPathComponent, reason: "cannot be read: \(error)")
        }
        let contentNamed = RemoteName.contentNamed(fileName: payload.name, sha256: digest)
        let others = RemoteName.candidates(fileName: payload.name, itemID: payload.itemID).dropFirst()
        for name in [payload.name, contentNamed] + others {
            let path = [folder, name], remote = path.joined(separator: "/")
            let byContent = name == contentNamed
            let found: WebDAVClient.RemoteSize
            if run.withLock({ $0.mayNotLook }) {
                found = .notAllowed
            } else {
                found = try await client.size(of: path)
                if found == .notAllowed { run.withLock { $0.mayNotLook = true } }
            }
            switch found {
            case .missing:
                break
            case .notAllowed where byContent, .unknown where byContent:
                break
            case .size(let remoteSize) where remoteSize == payload.size && (byContent || (settings.canList && name == payload.name)):
                // Already there: the same content, or (as with 412 above) the item of a run that crashed before recording it.
                return UploadDelivery(via: via, remote: remote)
            case .notAllowed, .size, .unknown:
                logger.notice(
                    "name taken on the server (or not checkable); not overwritten", metadata: ["item": "\(payload.itemID)", "remote": "\(remote)"])
                continue
            }
            // The condition is sent all the same: it costs nothing and protects where it is honoured.
            if try await client.upload(file: payload.file, to: path, progress: progress) == .stored {
                return UploadDelivery(via: via, remote: remote)
            }
        }
        throw TransferError.http(status: 412, method: "PUT", path: "/\(folder)/\(payload.name) (and the alternative names)")
    }
}
