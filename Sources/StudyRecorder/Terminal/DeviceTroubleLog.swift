import DataSources
import Foundation
import Processing
import Study

/// Turns what a source reports while `record` or `run` goes on into ``DeviceTroubleNotice``s, one
/// per change: the link lost (a hang or a drop, the source reconnects) and back, the battery under
/// its warning level and above it again, the headband off and back on the head, and each new gap in
/// the EEG with the data lost so far. Nothing while all is well, so piped output stays quiet.
///
/// The run's own end (``DataController/closingFlip``) is not a lost link: the caller passes
/// `ending` for it and nothing is said. The lines are in the participant's language (`strings`).
struct DeviceTroubleLog {
    /// The words of the lines.
    var strings = RuntimeStrings(locale: "en")
    private var linkDown = false
    private var batteryLow = false
    private var batteryFilter = BatteryChangeFilter()
    private var level: Double?
    private var offHead = false
    private var continuity: StreamContinuity?
    private var reportedGaps = 0
    private var samplingRate = 256.0

    /// Takes the source's start: the EEG stream whose gaps count.
    mutating func started(_ descriptor: DeviceDescriptor) {
        continuity = StreamContinuity(stream: descriptor.eeg.name)
        samplingRate = descriptor.samplingRate
    }

    /// Takes a device condition flip; `ending` says it is the run's own closing one.
    mutating func take(_ change: DeviceStateChange, ending: Bool = false) -> DeviceTroubleNotice? {
        switch change.state {
        case .disconnected where change.value && !ending && !linkDown:
            linkDown = true
            return DeviceTroubleNotice(
                event: .linkLost, message: strings(.deviceLinkLost), time: change.time)
        case .reconnected where change.value && linkDown, .disconnected where !change.value && linkDown:
            linkDown = false
            return DeviceTroubleNotice(event: .linkBack, message: strings(.deviceLinkBack) + lostSoFar, time: change.time, missingRows: continuity?.missingRows)
        case .onHead where !change.value && !offHead && !ending:
            offHead = true
            return DeviceTroubleNotice(
                event: .offHead, message: strings(.deviceOffHead), time: change.time)
        case .onHead where change.value && offHead:
            offHead = false
            return DeviceTroubleNotice(event: .onHead, message: strings(.deviceOnHead), time: change.time)
        case .batteryLow where change.value != batteryLow:
            return battery(low: change.value, time: change.time)
        default:
            return nil
        }
    }

    /// Takes a battery reading: news only when it crosses the warning level.
    mutating func take(battery percent: Double) -> DeviceTroubleNotice? {
        guard batteryFilter.take(percent) else { return nil }
        level = percent
        let low = DeviceState.isBatteryLow(percent)
        guard low != batteryLow else { return nil }
        return battery(low: low, time: nil)
    }

    /// Takes a sample block: news when the EEG stream has a new gap.
    mutating func take(_ block: SampleBlock) -> DeviceTroubleNotice? {
        guard var c = continuity, block.stream == c.stream else { return nil }
        c.take(block)
        continuity = c
        guard c.gaps > reportedGaps else { return nil }
        reportedGaps = c.gaps
        return DeviceTroubleNotice(
            event: .dataLost, message: strings(.deviceDataLost) + lostSoFar, time: block.times.first, missingRows: c.missingRows, gaps: c.gaps)
    }

    /// Takes a report of packets discarded as corrupt: always news (the source reports at most once
    /// a second).
    func take(_ report: DiscardedPackets) -> DeviceTroubleNotice {
        DeviceTroubleNotice(
            event: .corruptPackets,
            message: strings(.deviceCorruptPackets, report.count, report.total, report.reason),
            time: report.time, corruptPackets: report.total)
    }

    private mutating func battery(low: Bool, time: Double?) -> DeviceTroubleNotice {
        batteryLow = low
        let percent = level.map { String(format: " (%.0f %%)", $0) } ?? ""
        return low
            ? DeviceTroubleNotice(event: .batteryLow, message: strings(.deviceBatteryLow, percent), time: time, battery: level)
            : DeviceTroubleNotice(event: .batteryOK, message: strings(.deviceBatteryOK, percent), time: time, battery: level)
    }

    /// ", N samples (x s) in k gaps lost so far", or "" before any loss.
    private var lostSoFar: String {
        guard let c = continuity, c.missingRows > 0 else { return "" }
        let seconds = Double(c.missingRows) / max(1, samplingRate)
        let written = String(format: "%.2f", seconds).replacingOccurrences(of: ".", with: strings.decimalSeparator)
        return c.gaps == 1
            ? strings(.deviceLostSoFarOne, c.missingRows, written) : strings(.deviceLostSoFarMany, c.missingRows, written, c.gaps)
    }
}
