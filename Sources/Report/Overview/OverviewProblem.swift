/// An item the overview lists under "problems": the file on the server, what is wrong (a short
/// reason such as `checksum`) and one line saying what was found.
package struct OverviewProblem: Sendable, Equatable {
    package var remote: String
    package var reason: String
    package var detail: String

    /// A problem.
    package init(remote: String, reason: String, detail: String) {
        self.remote = remote
        self.reason = reason
        self.detail = detail
    }
}
