import Foundation
import Storage

/// What one upload run has to say, kept as it happens: the report, the items still claimed by the
/// run, the confirmations not yet recorded in the catalog, and every event as it is emitted. The
/// ``Uploader`` decides what happens to an item (its policy); the tally only records and reports
/// the outcome, once, in the same way for every path an item can take.
///
/// One run's, used by one task (not shared): the uploader makes it when it claims the items.
final class UploadTally {
    /// The run's report so far.
    var report: UploadReport
    /// The items this run claimed and has not settled yet (their claims are released at the end).
    var unfinished: Set<String>
    /// The confirmations the catalog does not record yet (``ConfirmedItems``).
    var confirmed = ConfirmedItems()
    /// Where every event goes.
    let emit: @Sendable (UploadEvent) -> Void

    /// A tally for `claimed`, adding to `report`.
    init(report: UploadReport, claimed: [CatalogItem], emit: @escaping @Sendable (UploadEvent) -> Void) {
        self.report = report
        self.unfinished = Set(claimed.map(\.id))
        self.emit = emit
    }

    /// `outcome` failed and waits for a later run.
    func failed(_ outcome: UploadReport.Outcome) {
        report.failed.append(outcome)
        settle(outcome.id)
        emit(.failed(outcome))
    }

    /// `outcome` cannot be sent by any retry: reported apart until a person resolves it.
    func needsPerson(_ outcome: UploadReport.Outcome) {
        report.needsPerson.append(outcome)
        settle(outcome.id)
        emit(.failed(outcome))
    }

    /// `item` was confirmed through `delivery` at `at`: reported now, recorded in the catalog with
    /// the next batch.
    func sent(_ item: CatalogItem, _ delivery: UploadDelivery, at: Date) {
        confirmed.add(item, delivery, at: at)
        let outcome = UploadReport.Outcome(id: item.id, path: item.path, remote: delivery.remote, via: delivery.via)
        report.sent.append(outcome)
        settle(item.id)
        emit(.uploaded(outcome))
    }

    /// The server refused the account or the URL: said once per run, the first reason kept.
    func refused(_ problem: @autoclosure () -> String) {
        if report.configurationProblem == nil { report.configurationProblem = problem() }
    }

    private func settle(_ id: String) {
        unfinished.remove(id)
    }
}
