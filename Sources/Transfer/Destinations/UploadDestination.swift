/// Somewhere an upload run delivers items: a WebDAV server (``WebDAVDestination``), e-mail
/// (``EmailDestination``), or memory for a client's tests (``InMemoryDestination``).
///
/// A destination only moves bytes. The ``Uploader`` keeps the policy around it: which items are due,
/// encryption before anything leaves, what stays on the device, the catalog states, the fallback
/// order and the backoff after a failure. A destination must report success only once the far side
/// has confirmed it holds the payload, and must never overwrite something already there.
///
/// ```swift
/// struct Archive: UploadDestination {
///     var via: String { "archive" }
///     func deliver(_ payload: UploadPayload, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws(TransferError) -> UploadDelivery {
///         … // copy payload.file, then
///         return UploadDelivery(via: via, remote: "\(payload.participant)/\(payload.name)")
///     }
/// }
/// ```
public protocol UploadDestination: Sendable {
    /// How deliveries here are named in reports and the catalog (`webdav`, `email`, `memory`…).
    var via: String { get }

    /// Delivers one payload and says where it went; `progress` may be called with (bytes sent, total)
    /// from any thread. Throws ``TransferError`` (``TransferError/Code/cancelled`` when the task was
    /// cancelled); an error whose ``TransferError/makesDestinationUnusable`` is true makes the run stop
    /// using this destination.
    func deliver(_ payload: UploadPayload, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws(TransferError) -> UploadDelivery

    /// Delivers several payloads (e-mail packs them into as few messages as its size limit allows);
    /// one result per payload, in order. By default, each is delivered on its own.
    func deliver(batch: [UploadPayload]) async -> [Result<UploadDelivery, TransferError>]

    /// Puts `manifest` (an ``UploadManifest``, sealed like the item) beside the item delivered as
    /// `item`, under `manifest.name` in the item's folder, and says where it went; `nil` when this
    /// destination keeps no manifests (e-mail). Only the item's own manifest can have that name, so a
    /// manifest already there (a run that died before recording it) counts as delivered. A plaintext
    /// manifest comes in memory (``UploadPayload/content``; read it with ``UploadPayload/bytes()``), a
    /// sealed one as a file. By default, `nil`.
    func deliver(manifest: UploadPayload, beside item: UploadDelivery) async throws(TransferError) -> String?

    /// Called once when a run is over, successful or not: a destination closes its connection here.
    /// By default, nothing.
    func finishRun() async
}

extension UploadDestination {
    /// Delivers each payload on its own; after a cancellation, the rest are ``TransferError/cancelled``.
    public func deliver(batch: [UploadPayload]) async -> [Result<UploadDelivery, TransferError>] {
        var results: [Result<UploadDelivery, TransferError>] = []
        for payload in batch {
            if Task.isCancelled {
                results.append(.failure(.cancelled))
                continue
            }
            do throws(TransferError) {
                results.append(.success(try await deliver(payload, progress: { _, _ in })))
            } catch {
                results.append(.failure(error))
            }
        }
        return results
    }

    /// No manifests kept.
    public func deliver(manifest: UploadPayload, beside item: UploadDelivery) async throws(TransferError) -> String? { nil }

    /// Nothing to close.
    public func finishRun() async {}
}
