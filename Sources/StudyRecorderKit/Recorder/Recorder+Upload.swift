import Foundation
import Storage
import Transfer

extension Recorder {
    /// Sends what is due to the destinations the data folder's transfer configuration names
    /// (WebDAV on one connection for the whole run, e-mail as fallback), encrypting first when the
    /// configuration says so. The stream yields ``UploadEvent``s — planned, per item started /
    /// progress / uploaded / failed / kept local — and ends after ``UploadEvent/finished(_:)``.
    /// A failing server leaves items pending, intact, for the next run. It throws a ``RecorderError``
    /// (``RecorderError/Code-swift.struct/notConfigured`` or ``RecorderError/Code-swift.struct/configuration``)
    /// when nothing can be sent; stopping the iteration cancels the run.
    ///
    /// ```swift
    /// for try await event in recorder.upload() {
    ///     if case .uploaded(let outcome) = event { print("sent", outcome.path) }
    /// }
    /// ```
    public func upload(_ options: UploadOptions = UploadOptions()) -> AsyncThrowingStream<UploadEvent, any Error> {
        do {
            guard transfer.isConfigured else {
                throw RecorderError(.notConfigured, "no transfer configuration at \(transfer.configurationURL.path)")
            }
            return try ConfiguredUpload.uploader(transfer: transfer, store: store, logger: logger).upload(options)
        } catch {
            return AsyncThrowingStream { throw error }
        }
    }

    /// Sends what is due to `destination` (and `fallback` after `fallbackAfterFailures` failures of
    /// an item) instead of the configured ones — e.g. an ``InMemoryDestination`` in a client's tests,
    /// or a destination of the client's own. The data folder's configuration, when there is one,
    /// still gives the encryption policy and the backoff.
    public func upload(
        _ options: UploadOptions = UploadOptions(), to destination: any UploadDestination, fallback: (any UploadDestination)? = nil,
        fallbackAfterFailures: Int = 0
    ) -> AsyncThrowingStream<UploadEvent, any Error> {
        let configuration: TransferConfiguration
        do {
            configuration = try transfer.configuration() ?? TransferConfiguration()
        } catch {
            return AsyncThrowingStream { throw RecorderError(.configuration, "\(error)", underlying: error) }
        }
        return Uploader(
            store: store, configuration: configuration, destination: destination, fallback: fallback, fallbackAfterFailures: fallbackAfterFailures,
            logger: logger
        ).upload(options)
    }
}
