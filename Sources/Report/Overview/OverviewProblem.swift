/// An item the overview lists under "problems": the file on the server, what is wrong (a short
/// reason such as `checksum`) and one line saying what was found.
public struct OverviewProblem: Sendable, Equatable {
    public var remote: String
    public var reason: String
    public var detail: String

    /// A problem.
    public init(remote: String, reason: String, detail: String) {
        self.remote = remote
        self.reason = reason
        self.detail = detail
    }
}
