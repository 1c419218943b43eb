import Foundation
package import Logging
package import Storage
package import Transfer

/// The one way the kit and its clients send a data folder's items to the destinations its transfer
/// configuration names: ``Recorder/upload(_:)`` (a stream), the upload after a study session, and
/// `study-recorder upload` (the report, with progress) all build their uploader here, so the
/// configuration is read, the account checked and the upload rules applied the same way for each.
package enum ConfiguredUpload {
    /// The uploader for the data folder's configuration. `planOnly` (a dry run) needs neither an
    /// account nor a server: it plans from the catalog alone. Throws a ``RecorderError``
    /// (``RecorderError/Code-swift.struct/configuration``, its message the error underneath as it
    /// describes itself) when the configuration, the secrets or the destinations cannot be used.
    package static func uploader(transfer: TransferSetup, store: DataStore, planOnly: Bool = false, logger: Logger) throws -> Uploader {
        do {
            if planOnly {
                guard let configuration = try transfer.configuration() else {
                    throw TransferError.configuration("no transfer configuration at \(transfer.configurationURL.path)")
                }
                return Uploader(store: store, configuration: configuration, destination: nil, logger: logger)
            }
            let (configuration, secrets) = try transfer.load()
            return try Uploader(store: store, configuration: configuration, secrets: secrets, logger: logger)
        } catch {
            throw RecorderError(.configuration, "\(error)", underlying: error)
        }
    }

    /// Sends what is due (or, with ``UploadOptions/dryRun``, only plans it) and returns what
    /// happened; `progress` is called while files are sent. Throws what ``uploader(transfer:store:planOnly:logger:)``
    /// throws, or what stopped the run (`CancellationError` when cancelled: the transfer in flight is
    /// aborted and its item stays pending).
    package static func run(
        transfer: TransferSetup, store: DataStore, _ options: UploadOptions = UploadOptions(), logger: Logger,
        progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async throws -> UploadReport {
        let uploader = try uploader(transfer: transfer, store: store, planOnly: options.dryRun, logger: logger)
        return try await uploader.run(options, progress: progress)
    }
}
