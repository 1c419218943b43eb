/// The run's upload destination (``Uploader/destination``) and whether it can still be tried: once
/// an error says it cannot be reached or refused the account
/// (``TransferError/makesDestinationUnusable``), every later item of the run fails at once with that
/// reason instead of waiting for it again. A refusal is fixed by a person, not by waiting: the items
/// it fails get no backoff.
struct PrimaryDestination {
    /// Where items go first.
    let destination: any UploadDestination
    /// Why the destination is not tried again in this run, or `nil` while it is usable.
    private(set) var unusable: String?
    /// Whether that reason is a refusal (wrong password, no right to write).
    private(set) var isRefusal = false

    /// `destination`, usable until an error says otherwise.
    init(_ destination: any UploadDestination) {
        self.destination = destination
    }

    /// The server as messages name it.
    var server: String { destination.via == "webdav" ? "WebDAV" : destination.via }

    /// Notes `error` from the destination: it becomes unusable when the error says so.
    mutating func note(_ error: TransferError) {
        guard error.makesDestinationUnusable else { return }
        unusable = "\(error)"
        isRefusal = error.isRefusal
    }
}
