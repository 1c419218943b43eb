public import Logging
import Synchronization

/// Delivers payloads to `<base>/<participant>/<name>` on a WebDAV server, over one connection per run.
///
/// - The participant's folder is made once per run (MKCOL; an existing folder is fine, and an account
///   that may not MKCOL may still PUT into an existing folder).
/// - Nothing is overwritten: PUT carries `If-None-Match: *`; when the name is taken (412), the payload
///   goes under a distinct name (``RemoteName``), or counts as delivered when the account may list
///   (``WebDAVSettings/canList``) and the remote file has the same name and size.
/// - Every request of a run goes through one libcurl handle on one thread (``CurlSession``), so they
///   share one kept-alive connection and TLS session; ``finishRun()`` closes it.
public final class WebDAVDestination: UploadDestination {
    /// `webdav`.
    public var via: String { "webdav" }
    /// The server and how to reach it.
    public let settings: WebDAVSettings
    private let credentials: Credentials?
    private let logger: Logger
    private let run = Mutex(RunState())

    /// What one run keeps: its connection and the folders it has made.
    private struct RunState {
        var session: CurlSession?
        var folders: Set<String> = []
    }

    /// A destination for `settings` with `credentials`; throws when the URL is unusable.
    public init(settings: WebDAVSettings, credentials: Credentials?, logger: Logger = Logger(label: "transfer.webdav")) throws {
        _ = try WebDAVClient(base: settings.url, credentials: credentials, connection: settings.connection)
        self.settings = settings
        self.credentials = credentials
        self.logger = logger
    }

    public func deliver(_ payload: UploadPayload, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws(TransferError) -> UploadDelivery
    {
        do {
            return try await put(payload, progress: progress)
        } catch {
            throw TransferError.from(error)
        }
    }

    /// Closes the run's connection and forgets the folders made.
    public func finishRun() async {
        let session = run.withLock { state in
            defer { state = RunState() }
            return state.session
        }
        session?.close()
    }

    private func put(_ payload: UploadPayload, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> UploadDelivery {
        let session = run.withLock { state in
            if let session = state.session { return session }
            let session = CurlSession(name: "webdav")
            state.session = session
            return session
        }
        let client = try WebDAVClient(base: settings.url, credentials: credentials, connection: settings.connection, session: session)
        let folder = payload.participant
        if !run.withLock({ $0.folders.contains(folder) }) {
            do {
                _ = try await client.makeFolder(folder)
            } catch let error as TransferError where error.code == .http && error.httpStatus == 403 {
                // An account that may not MKCOL may still PUT into an existing folder; the PUT decides.
            }
            run.withLock { _ = $0.folders.insert(folder) }
        }
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
}
