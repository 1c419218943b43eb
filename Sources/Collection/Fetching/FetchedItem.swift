import Transfer

/// What fetching one item came to (``ItemFetcher``); recorded by ``DownloadQueue``, the one task
/// that owns the state.
struct FetchedItem: Sendable {
    /// The state entry (its fingerprint set by the caller).
    var entry = CollectionState.Entry(fingerprint: CollectionState.Fingerprint(), item: nil, done: false, problem: nil)
    /// Bytes downloaded for it.
    var bytes: Int64 = 0
    /// The manifest of a verified item that joins the mirror's catalog.
    var catalogue: UploadManifest?
    /// A consent record or PDF left sealed on the server.
    var consentKeptSealed = false
    /// A consent record or PDF decrypted into the consent folder.
    var consentDecrypted = false
    /// Why it was not fetched in this run, when that may pass: the state keeps what it had, and
    /// the next run tries again.
    var deferral: CollectionProblem?
    /// Whether the failure was the server not answering at all (counted toward
    /// ``CollectionLimits/failuresInARow``).
    var unanswered = false
    /// Whether the problem was the server's answer rather than the item: reported, not kept in the
    /// state, so the next run asks again.
    var answerOnly = false
    /// The manifest's `created`, once read.
    var created: String?

    /// Nothing fetched yet.
    init() {}

    /// What a failed request for `key` comes to: a deferral (tried again next run) when the server
    /// could not be reached, stalled, failed (5xx), had the file no longer (404) or asked to wait
    /// (408, 429); a ``CollectionProblem/Reason/server`` problem when its answer needs a person (a
    /// redirect, which is never followed; a refusal; an answer past the limits).
    init(failure error: TransferError, key: String) {
        answerOnly = true
        switch error.code {
        case .network:
            deferral = CollectionProblem(remote: key, reason: .transfer, detail: "\(error)")
            unanswered = true
        case .http where [404, 408, 429].contains(error.httpStatus ?? 0) || (error.httpStatus ?? 0) >= 500:
            deferral = CollectionProblem(remote: key, reason: .transfer, detail: "\(error)")
        case .http where (300..<400).contains(error.httpStatus ?? 0):
            entry.problem = CollectionProblem(
                remote: key, reason: .server,
                detail: "the server answered \(error.method ?? "GET") with a redirect (\(error.httpStatus ?? 0)), which is not followed")
        default:
            entry.problem = CollectionProblem(remote: key, reason: .server, detail: "\(error)")
        }
    }

    /// This outcome with the item `key` refused for `reason` (the manifest's `item` id when read):
    /// a problem in the state, nothing to catalogue.
    func refused(_ key: String, _ reason: CollectionProblem.Reason, _ detail: String, item: String? = nil) -> FetchedItem {
        var outcome = self
        outcome.entry = CollectionState.Entry(
            fingerprint: CollectionState.Fingerprint(), item: item, done: false,
            problem: CollectionProblem(remote: key, reason: reason, detail: detail))
        return outcome
    }
}
