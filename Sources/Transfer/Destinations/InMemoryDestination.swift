public import Foundation
import Synchronization

/// A destination that keeps what arrives in memory, for tests of programs that upload: no server
/// needed to check what was sent, or what happens while a destination fails, is offline, or refuses
/// particular items (the ``Uploader`` keeps them pending and retries them in a later run).
///
/// ```swift
/// let memory = InMemoryDestination()
/// memory.failNext(2)                       // the next two deliveries fail (HTTP 503)
/// let uploader = try Uploader(store: store, configuration: configuration, destination: memory)
/// _ = try await uploader.run()
/// #expect(memory.arrivals.map(\.name) == [...])
/// ```
///
/// Names already taken are never overwritten: a second payload under the same name goes under a
/// distinct one, as on WebDAV.
public final class InMemoryDestination: UploadDestination {
    /// One payload that arrived.
    public struct Arrival: Sendable, Equatable {
        /// The payload as delivered.
        public var payload: UploadPayload
        /// Where it is held (`<participant>/<name>`).
        public var remote: String
        /// The bytes that arrived.
        public var bytes: Data
        /// The name it arrived under.
        public var name: String { payload.name }
    }

    private struct State {
        var arrivals: [Arrival] = []
        var attempts = 0
        var failuresLeft = 0
        var failure = TransferError.http(status: 503, method: "PUT", path: "/")
        var offline = false
        var refused: [String: TransferError] = [:]
        var runsFinished = 0
        var manifests: [String: Data] = [:]
        var manifestFailuresLeft = 0
    }

    /// The name in reports and the catalog (default `memory`).
    public let via: String
    private let state = Mutex(State())

    /// An empty destination that accepts everything.
    public init(via: String = "memory") { self.via = via }

    /// What arrived, oldest first.
    public var arrivals: [Arrival] { state.withLock { $0.arrivals } }
    /// How many deliveries were attempted (including failed ones).
    public var attempts: Int { state.withLock { $0.attempts } }
    /// The manifests beside the items, by remote path (`<participant>/<item name>.manifest.json…`).
    public var manifests: [String: Data] { state.withLock { $0.manifests } }
    /// How many runs have finished with this destination.
    public var runsFinished: Int { state.withLock { $0.runsFinished } }

    /// Makes the next `count` deliveries fail with `error` (by default HTTP 503, a passing fault).
    public func failNext(_ count: Int, with error: TransferError = .http(status: 503, method: "PUT", path: "/")) {
        state.withLock {
            $0.failuresLeft = count
            $0.failure = error
        }
    }

    /// Makes the next `count` manifest deliveries fail (HTTP 503), while items still arrive: the
    /// crash-safety case of an item on the server whose manifest is not.
    public func failNextManifests(_ count: Int) { state.withLock { $0.manifestFailuresLeft = count } }

    /// Takes the destination off line (every delivery fails as "could not connect", curl 7, which
    /// makes a run stop using it) or back on line.
    public func setOffline(_ offline: Bool) { state.withLock { $0.offline = offline } }

    /// Makes every delivery of the file named `name` fail with `error` until ``accept(_:)``.
    public func refuse(_ name: String, with error: TransferError = .http(status: 403, method: "PUT", path: "/")) {
        state.withLock { $0.refused[name] = error }
    }

    /// Accepts the file named `name` again.
    public func accept(_ name: String) { state.withLock { _ = $0.refused.removeValue(forKey: name) } }

    public func deliver(_ payload: UploadPayload, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws(TransferError) -> UploadDelivery
    {
        if Task.isCancelled { throw .cancelled }
        let refusal: TransferError? = state.withLock { s in
            s.attempts += 1
            if s.offline { return .network(code: 7, message: "the in-memory destination is offline") }
            if let refused = s.refused[payload.name] { return refused }
            if s.failuresLeft > 0 {
                s.failuresLeft -= 1
                return s.failure
            }
            return nil
        }
        if let refusal { throw refusal }
        let bytes: Data
        do { bytes = try payload.bytes() } catch {
            throw .localFile(path: payload.file.lastPathComponent, reason: "cannot be read")
        }
        progress(0, Int64(bytes.count))
        progress(Int64(bytes.count), Int64(bytes.count))
        let remote: String = state.withLock { s in
            let taken = Set(s.arrivals.map(\.remote))
            let name =
                RemoteName.candidates(fileName: payload.name, itemID: payload.itemID, count: 100)
                .first { !taken.contains("\(payload.participant)/\($0)") } ?? UUID().uuidString
            let remote = "\(payload.participant)/\(name)"
            s.arrivals.append(Arrival(payload: payload, remote: remote, bytes: bytes))
            return remote
        }
        return UploadDelivery(via: via, remote: remote)
    }

    /// Keeps the manifest beside the item (replacing the item's own earlier one, as a retry may).
    public func deliver(manifest: UploadPayload, beside item: UploadDelivery) async throws(TransferError) -> String? {
        if Task.isCancelled { throw .cancelled }
        let bytes: Data
        do { bytes = try manifest.bytes() } catch {
            throw .localFile(path: manifest.file.lastPathComponent, reason: "cannot be read")
        }
        let remote = (item.remote.split(separator: "/").dropLast().map(String.init) + [manifest.name]).joined(separator: "/")
        let failure: TransferError? = state.withLock { s in
            if s.offline { return .network(code: 7, message: "the in-memory destination is offline") }
            if s.manifestFailuresLeft > 0 {
                s.manifestFailuresLeft -= 1
                return .http(status: 503, method: "PUT", path: "/" + remote)
            }
            s.manifests[remote] = bytes
            return nil
        }
        if let failure { throw failure }
        return remote
    }

    public func finishRun() async { state.withLock { $0.runsFinished += 1 } }
}
