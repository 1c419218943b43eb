@testable import Collection
import Foundation
import Report
import Storage
import Study
import TestSupport
import Testing

/// One participant's adherence and flags from what `collect` has of them: the schedule by the
/// calendar (due, done, missed, in a row), quality, loss, the headband, demos counted apart, and
/// each flag at its threshold.
@Suite struct ParticipantMonitorTests {
    static let day = 86_400.0
    /// 2026-11-28 12:00 UTC.
    static let today = Date(timeIntervalSince1970: 1_795_867_200)

    let study: StudyDefinition
    /// The reaction-time study over four days: eight sessions (state, reaction per day).
    init() throws {
        var study = try CollectorFolderTests.study()
        study.days = Array(repeating: study.days[0], count: 4)
        self.study = study
    }

    /// A recording or questionnaire of the protocol's item `index` (from 0 over the study), made
    /// `daysAgo` days before today: stored, as every item is, as "day D, session S" from 1.
    func item(_ index: Int, daysAgo: Double, kind: ItemKind = .recording) -> CatalogItem {
        CatalogItem(
            kind: kind, path: "p/\(UUID().uuidString)", participant: "p", study: study.id, title: "x", day: index / 2 + 1, session: index % 2 + 1, run: 1,
            created: Self.today.addingTimeInterval(-daysAgo * Self.day), size: 1, sha256: "0", state: .transmitted)
    }

    /// The state entry of an item made and uploaded `daysAgo` days before today.
    func entry(daysAgo: Double) -> CollectionState.Entry {
        var entry = CollectionState.Entry(fingerprint: .init(), item: "x", done: true, problem: nil)
        entry.created = UTCTimestamp.iso8601(Self.today.addingTimeInterval(-daysAgo * Self.day))
        entry.uploaded = entry.created
        return entry
    }

    func monitor(_ thresholds: MonitoringThresholds = .defaults) -> ParticipantMonitor {
        ParticipantMonitor(study: study, thresholds: thresholds, asOf: Self.today)
    }

    /// Figures of a recording: grades good/medium/bad, seconds and lost seconds, reconnects, battery.
    func figures(
        good: Int = 90, bad: Int = 10, seconds: Double = 100, lost: Double = 0, reconnects: Int = 0, battery: (Double, Double)? = (90, 85),
        source: String? = nil, scripted: Bool? = nil
    ) -> OverviewCache.Item {
        var item = OverviewCache.Item(sha256: "0", complete: true, grades: [good, 0, bad])
        item.seconds = seconds
        item.lostSeconds = lost
        item.reconnects = reconnects
        item.batteryStart = battery?.0
        item.batteryEnd = battery?.1
        item.device = "Muse S Athena 3.1.19"
        item.source = source
        item.scripted = scripted
        return item
    }

    @Test func aParticipantOnTrackHasTheirSessionsDueDoneAndNoFlag() {
        // Enrolled yesterday, both days' sessions done.
        let items = [item(0, daysAgo: 1, kind: .questionnaire), item(1, daysAgo: 1), item(2, daysAgo: 0, kind: .questionnaire), item(3, daysAgo: 0)]
        var cache = OverviewCache()
        for recording in items where recording.kind == .recording { cache.items[recording.id] = figures() }
        let a = monitor().adherence("p", items: items, entries: [entry(daysAgo: 1), entry(daysAgo: 0)], cache: cache)
        #expect(a.enrolled == "2026-11-27" && a.studyDay == 2 && a.daysSinceUpload == 0)
        #expect(a.sessionsDue == 4 && a.sessionsCompleted == 4 && a.sessionsMissed == 0 && a.missedInARow == 0)
        #expect(a.goodSignal == 0.9 && a.recordedSeconds == 200 && a.lostSeconds == 0)
        #expect(a.batteryStart == 90 && a.batteryEnd == 85 && a.devices == ["Muse S Athena 3.1.19"])
        #expect(a.flags.isEmpty, "\(a.flags)")
    }

    @Test func missedDaysAndNoUploadAreFlaggedAtTheirThresholds() {
        // Enrolled six days ago (the four-day protocol is over), day 1 done, nothing since.
        let items = [item(0, daysAgo: 6, kind: .questionnaire), item(1, daysAgo: 6)]
        var cache = OverviewCache()
        cache.items[items[1].id] = figures()
        let a = monitor().adherence("p", items: items, entries: [entry(daysAgo: 6)], cache: cache)
        #expect(a.studyDay == 4 && a.sessionsDue == 8 && a.sessionsCompleted == 2 && a.sessionsMissed == 6 && a.missedInARow == 6)
        #expect(a.daysSinceUpload == 6)
        #expect(a.flags.map(\.kind) == [.noUpload, .missedSessions], "\(a.flags)")
        #expect(a.flags[0].value == 6 && a.flags[0].threshold == 3)
        // Just under each threshold: no flag.
        var loose = MonitoringThresholds.defaults
        loose.noUploadDays = 6
        loose.missedInARow = 7
        #expect(monitor(loose).adherence("p", items: items, entries: [entry(daysAgo: 6)], cache: cache).flags.isEmpty)
        // Today's sessions are not missed yet: enrolled two days ago, day 1 done, day 2 missed, day 3 open.
        let recent = [item(0, daysAgo: 2, kind: .questionnaire), item(1, daysAgo: 2)]
        let b = monitor().adherence("p", items: recent, entries: [entry(daysAgo: 2)], cache: cache)
        #expect(b.studyDay == 3 && b.sessionsDue == 6 && b.sessionsMissed == 2 && b.missedInARow == 2, "\(b)")
    }

    @Test func lowQualityLostTimeAndAFailingHeadbandAreFlagged() {
        let items = [item(1, daysAgo: 2), item(3, daysAgo: 1), item(5, daysAgo: 0)]
        var cache = OverviewCache()
        // Day 1 fine; days 2 and 3 with the battery below 20 % at the end and a reconnect with 45 s lost.
        cache.items[items[0].id] = figures(good: 40, bad: 60)
        cache.items[items[1].id] = figures(good: 40, bad: 60, battery: (30, 12))
        cache.items[items[2].id] = figures(good: 40, bad: 60, lost: 45, reconnects: 1)
        let a = monitor().adherence("p", items: items, entries: [entry(daysAgo: 0)], cache: cache)
        #expect(a.goodSignal == 0.4 && a.lostSeconds == 45 && a.reconnects == 1)
        #expect(a.batteryStart == 90 && a.batteryEnd == 85)  // the latest recording's
        #expect(Set(a.flags.map(\.kind)) == [.lowQuality, .highLoss, .failingHeadband], "\(a.flags)")
        let failing = a.flags.first { $0.kind == .failingHeadband }
        #expect(failing?.value == 2 && failing?.threshold == 2)
        #expect(a.flags.first { $0.kind == .highLoss }?.value == 15)  // 45 of 300 s
        // 10 % lost is not above a 10 % maximum.
        cache.items[items[2].id] = figures(lost: 30)
        #expect(!monitor().adherence("p", items: items, entries: [], cache: cache).flags.contains { $0.kind == .highLoss })
    }

    @Test func scriptedAndSimulatedRecordingsAreCountedApartAndADemoIsLeftOutOfTheStudysFigures() {
        let demoItems = [item(1, daysAgo: 0), item(3, daysAgo: 0)]
        var cache = OverviewCache()
        cache.items[demoItems[0].id] = figures(source: "oscillator", scripted: true)
        cache.items[demoItems[1].id] = figures(source: "simulated-headband", scripted: false)
        let demo = monitor().adherence("d", items: demoItems, entries: [entry(daysAgo: 0)], cache: cache)
        #expect(demo.scriptedItems == 1 && demo.simulatedItems == 2 && demo.isDemo)
        let realItems = [item(1, daysAgo: 0)]
        cache.items[realItems[0].id] = figures(good: 70, bad: 30, source: "headband", scripted: false)
        let real = monitor().adherence("r", items: realItems, entries: [entry(daysAgo: 0)], cache: cache)
        #expect(!real.isDemo && real.scriptedItems == 0 && real.simulatedItems == 0)
        let monitoring = StudyMonitoring(study: study.id, asOf: "2026-11-28", participants: [demo, real])
        #expect(monitoring.summary.participants == 1 && monitoring.summary.simulatedItems == 2 && monitoring.summary.scriptedItems == 1)
        #expect(monitoring.summary.medianGoodSignal == 0.7)
    }
}
