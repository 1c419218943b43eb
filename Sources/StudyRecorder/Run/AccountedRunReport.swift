import RecordingPipeline
import Storage
import Study

/// `run --json`: the run's report and, under `accounts`, each stored recording's path and its
/// ``RecordingAccount`` (lost time and share, windows off the head and with motion, the verdict) —
/// the lines `run` ends with in text.
struct AccountedRunReport: Encodable {
    /// What the run did.
    let report: RunReport
    /// The stored recordings and their accounts, in the order stored.
    let accounts: [AccountedItem]

    /// `report`, its recordings' accounts read from `store`.
    init(_ report: RunReport, in store: DataStore) {
        self.report = report
        accounts = report.stored.filter { $0.kind == .recording }.map { AccountedItem($0, in: store) }
    }

    private enum CodingKeys: String, CodingKey { case accounts }
    private struct Entry: Encodable {
        let path: String
        let account: RecordingAccount?
    }

    /// The report's keys and `accounts`: `[{"path": …, "account": {…}}]`.
    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(accounts.map { Entry(path: $0.item.path, account: $0.account) }, forKey: .accounts)
    }
}
