import Logging
import Storage
import Transfer

/// The upload after a study session, when the study's transfer policy asks for one: everything
/// pending is sent to the configured destinations. It never fails the session, whose data is
/// stored: a failing server leaves items pending for the next upload.
enum SessionUpload {
    /// Sends what is pending; a one-line summary, or `nil` when no transfer is configured.
    static func run(transfer: TransferSetup, store: DataStore, logger: Logger) async -> String? {
        guard transfer.isConfigured else { return nil }
        do {
            let report = try await ConfiguredUpload.run(transfer: transfer, store: store, logger: logger)
            return "sent \(report.sent.count), \(report.remaining) still pending"
                + (report.failed.isEmpty ? "" : " (\(report.failed.count) failed: will be retried)")
                + (report.needsPerson.isEmpty ? "" : "; \(report.needsPerson.count) need a person (the next upload run names them)")
        } catch {
            return "not sent (\(error)); the next upload run retries it"
        }
    }
}
