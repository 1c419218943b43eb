/// An uploaded item `collect` kept out of the dataset because a person has to look at it (listed on
/// standard error and in `--json`; `collect` then exits 1, while everything else is collected), or
/// one it could not fetch in this run and tries again in the next (``Reason/transfer``, listed as
/// deferred; `collect` then exits 75).
///
/// Both texts come partly from the server (names, its answers): they are kept printable — control
/// and format characters escaped, cut to a bounded length — so that neither a terminal nor a log
/// reading them can be steered by the server.
package struct CollectionProblem: Sendable, Codable, Equatable {
    /// What is wrong.
    package enum Reason: String, Sendable, Codable {
        /// The download does not match the manifest's size or SHA-256, also when tried again (a
        /// corrupt or truncated file on the server).
        case checksum
        /// The item (or its manifest) does not decrypt with the keys here: sealed to a foreign key.
        case foreignKey = "foreign-key"
        /// Not a recording or record of ours: unreadable, or its manifest does not describe it.
        case notOurs = "not-ours"
        /// A recording or manifest of another study.
        case otherStudy = "other-study"
        /// Collected before and changed on the server since; the dataset keeps the first version.
        case changed
        /// It was collected but could not be added to the dataset (tried again on the next run).
        case export
        /// A name the study's uploads cannot hold (not one segment, control characters, too long, not
        /// the recorder's naming, not the participant's): never used as a file name.
        case name
        /// The server answered in a way that needs a person: a redirect (never followed), a refusal
        /// of the read account for this item, more bytes than the manifest or the limits allow, or a
        /// listed size other than the manifest's.
        case server
        /// The request failed in a way that may pass (the server unreachable, stalled, or 5xx): the
        /// item is not fetched in this run and is tried again in the next.
        case transfer
    }

    /// The file on the server, `<participant folder>/<item name>`.
    package var remote: String
    /// What is wrong.
    package var reason: Reason
    /// One line saying what was found.
    package var detail: String

    /// A problem.
    /// A problem; both texts are made printable (``ServerName/display(_:limit:)``).
    package init(remote: String, reason: Reason, detail: String) {
        self.remote = ServerName.display(remote, limit: ServerName.displayCharacters + 40)
        self.reason = reason
        self.detail = ServerName.display(detail, limit: 400)
    }
}
