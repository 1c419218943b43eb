/// What an upload run reports while it goes (``Uploader/upload(_:)``), in this order: the items kept
/// on the device by policy, what the run will send, then for each item `started`, `progress`… and
/// `uploaded` or `failed` (items handed to the fallback report their outcome after the other items),
/// and last `finished` with the whole report.
///
/// New cases may be added in later versions: switch with a `default` branch.
public enum UploadEvent: Sendable, Equatable {
    /// The run claimed `items` items of `bytes` bytes in all (as catalogued, before encryption).
    case planned(items: Int, bytes: Int64)
    /// An item is being prepared (encrypted if needed) and sent.
    case started(UploadItem)
    /// Bytes of the item's file sent so far (reported as they go, at most about 20 times a second
    /// per item, and always when the last byte is sent).
    case progress(UploadProgress)
    /// The destination confirmed the item (``UploadReport/Outcome/via`` and ``UploadReport/Outcome/remote`` say where).
    /// The catalog records it as transmitted with the next few items, at the latest when the run ends.
    case uploaded(UploadReport.Outcome)
    /// The item was not sent; it stays pending (``UploadReport/Outcome/error``, next try at
    /// ``UploadReport/Outcome/nextAttempt``).
    case failed(UploadReport.Outcome)
    /// The item stays on the device by policy (``LocalOnlyPolicy``), with the reason in ``UploadReport/Outcome/error``.
    case keptLocal(UploadReport.Outcome)
    /// The run is over; the same report ``Uploader/run(_:progress:)`` returns.
    case finished(UploadReport)
}
