import DataSources
import Foundation
import Report
import Storage
import Study

/// Where a study run and the Report module meet: after a session that stored recordings, when the
/// study asks for it (`settings.report: afterEachSession`), the session view of those recordings is
/// written to `<data>/reports/report_<session>_<day>_<index>_<run>_<uuid>.html`. The Study module
/// knows nothing of reports.
///
/// Reports are derived, local files: they have no catalog entry (so they are never uploaded), and
/// recovery adopts only `r_/q_/t_` names, never `report_…html`. A study whose recordings are
/// encrypted (the study requires OpenPGP, or the transfer configuration seals at rest) gets no
/// report, with one notice saying so: a report holds the signal's content and would be plaintext at
/// rest beside sealed originals.
enum PostSessionReport {
    /// Writes the report for `run`'s recordings in the participant's `locale` (the run's language)
    /// and returns its path relative to the data folder, or `nil` (not asked for, no recording
    /// stored, encrypted, or it failed: then one line to `notice`; a report never fails the session,
    /// whose data is stored). Reading the recordings and writing the page run on
    /// `BlockingExecutor.shared`.
    static func write(
        for run: RunReport, study: StudyDefinition, store: DataStore, locale: String, notice: @escaping @Sendable (String) -> Void
    ) async -> String? {
        await BlockingExecutor.shared.run("post-session report") {
            writeBlocking(for: run, study: study, store: store, locale: locale, notice: notice)
        }
    }

    private static func writeBlocking(
        for run: RunReport, study: StudyDefinition, store: DataStore, locale: String, notice: @Sendable (String) -> Void
    ) -> String? {
        guard study.settings.report == .afterEachSession else { return nil }
        let recordings = run.stored.filter { $0.kind == .recording }
        guard let first = recordings.first else { return nil }
        if study.settings.encryption.scheme != .none || recordings.contains(where: { $0.encryption != .none }) {
            notice(
                "post-session report not written: the recordings are encrypted, and a report would hold their content in plaintext "
                    + "(one can be made outside the data folder, where plaintext may be kept)")
            return nil
        }
        let folder = store.root.appendingPathComponent("reports", isDirectory: true)
        let stem = "report_\(run.session ?? "session")_\(first.day ?? 0)_\(first.session ?? 0)_\(first.run ?? 0)_\(first.participant)"
        var url = folder.appendingPathComponent(stem + ".html")
        var n = 2
        while FileManager.default.fileExists(atPath: url.path) {
            url = folder.appendingPathComponent("\(stem)-\(n).html")
            n += 1
        }
        do {
            var builder = ReportBuilder(store: store)
            builder.locale = locale
            let html = try builder.sessionReportBlocking(for: recordings)
            try ReportBuilder.write(html, to: url)
        } catch {
            notice("post-session report not written: \(error)")
            return nil
        }
        return store.relativePath(of: url)
    }
}
