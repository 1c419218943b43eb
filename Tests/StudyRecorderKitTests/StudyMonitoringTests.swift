import Foundation
import StudyRecorderKit
import TestSupport
import Testing

/// A lab's dashboard reads the study's monitoring through the kit alone (docs/library.md): the file
/// `collect` leaves in a dataset, summary and participants, flagged first.
@Suite struct StudyMonitoringTests {
    @Test func aDashboardReadsTheMonitoringThroughTheKit() throws {
        let dir = try TemporaryDirectory("kit-monitoring")
        let late = ParticipantAdherence(
            participant: "B", studyDay: 4, sessionsDue: 8, sessionsCompleted: 2, sessionsMissed: 6, missedInARow: 6, items: 4,
            flags: [OverviewFlag(kind: .missedSessions, value: 6, threshold: 2)])
        let fine = ParticipantAdherence(participant: "A", studyDay: 1, sessionsDue: 2, sessionsCompleted: 2, goodSignal: 0.9, items: 4)
        let written = StudyMonitoring(study: "reaction-time", asOf: "2026-11-28", participants: [fine, late])
        try written.encoded().write(to: dir.path(StudyMonitoring.fileName))
        let monitoring = try StudyMonitoring.read(dataset: dir.url)
        #expect(monitoring == written)
        #expect(monitoring.participants.map(\.participant) == ["B", "A"])
        let summary: MonitoringSummary = monitoring.summary
        #expect(summary.sessionsDue == 10 && summary.sessionsCompleted == 4 && summary.completion == 0.4 && summary.flagged == 1)
        #expect(summary.medianGoodSignal == 0.9)
    }
}
