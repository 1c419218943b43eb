/// When the study overview `collect` keeps flags a participant for the experimenter (`$.monitoring`
/// in the study file; every key optional, the defaults below). A remote study is judged first by
/// how many sessions participants completed and how much of the signal was good; these say when
/// one participant's figures need a person before the study's end shows it.
package struct MonitoringThresholds: Sendable, Hashable, Codable {
    /// Days without an upload after which a participant who still has sessions to do is flagged
    /// (default 3).
    package var noUploadDays: Double
    /// Sessions missed in a row (past study days with nothing collected) that raise a flag
    /// (default 2).
    package var missedInARow: Int
    /// The share of signal graded good, in percent, below which a participant's recordings are
    /// flagged (default 60; MYND reported a median of 90 %).
    package var minimumGoodSignal: Double
    /// The share of recording time lost (link gaps), in percent, above which a participant is
    /// flagged (default 10).
    package var maximumLoss: Double
    /// The battery level, in percent, below which a session counts as ending on a failing battery
    /// (default 20).
    package var lowBattery: Double
    /// How many of a participant's last three recorded sessions must have had the headband fail
    /// (the link lost — a reconnect or a gap — or the battery below ``lowBattery`` at the end) for
    /// the headband to be flagged (default 2).
    package var failingSessions: Int

    /// The defaults.
    package static let defaults = MonitoringThresholds(
        noUploadDays: 3, missedInARow: 2, minimumGoodSignal: 60, maximumLoss: 10, lowBattery: 20, failingSessions: 2)

    /// Thresholds.
    package init(noUploadDays: Double, missedInARow: Int, minimumGoodSignal: Double, maximumLoss: Double, lowBattery: Double, failingSessions: Int) {
        self.noUploadDays = noUploadDays
        self.missedInARow = missedInARow
        self.minimumGoodSignal = minimumGoodSignal
        self.maximumLoss = maximumLoss
        self.lowBattery = lowBattery
        self.failingSessions = failingSessions
    }
}
