import DataSources
import Processing

/// Turns quality windows, accelerometer motion and device conditions into the live ``QAStatus``,
/// reporting only changes of verdict, by the rule the stored verdict counts (``WindowFindings``).
/// Device facts win over the signal: a headband that says it is off the head is off the head, and a
/// lost link is an EEG failure; motion is the accelerometer's word, never the EEG's.
struct QAJudge: Sendable {
    private var channelNames: [String] = []
    private var moving: Bool?
    private var deviceOffHead = false
    private var linkDown = false
    private var latest: [ChannelAssessment]?
    private var reported: SessionVerdict?

    mutating func start(_ descriptor: DeviceDescriptor) {
        channelNames = descriptor.channelNames
    }

    mutating func motion(_ moving: Bool) { self.moving = moving }

    /// Takes a device-state flip; returns a changed status to report.
    mutating func device(_ change: DeviceStateChange) -> QAStatus? {
        switch change.state {
        case .onHead: deviceOffHead = !change.value
        case .disconnected: linkDown = change.value
        case .reconnected where change.value: linkDown = false
        default: return nil
        }
        return judge(time: change.time)
    }

    /// Takes a quality update; returns a changed status to report.
    mutating func quality(_ update: QualityUpdate) -> QAStatus? {
        guard let assessments = update.assessments, !assessments.contains(where: { $0.issues.contains(.warmingUp) }) else { return nil }
        latest = assessments
        return judge(time: update.time)
    }

    private mutating func judge(time: Double) -> QAStatus? {
        let status: QAStatus
        if linkDown {
            status = QAStatus(verdict: .eegFailure, reason: "the headband's link is down", time: time)
        } else if deviceOffHead {
            status = QAStatus(verdict: .headbandOffHead, reason: "the headband reports it is off the head", time: time)
        } else if let window = latest {
            status = signalStatus(window, time: time)
        } else {
            return nil
        }
        guard status.verdict != reported else { return nil }
        reported = status.verdict
        return status
    }

    private func signalStatus(_ window: [ChannelAssessment], time: Double) -> QAStatus {
        let findings = WindowFindings(window, deviceOffHead: deviceOffHead, moving: moving)
        let verdict = findings.verdict
        func names(_ indices: [Int]) -> String {
            indices.map { $0 < channelNames.count ? channelNames[$0] : "channel \($0 + 1)" }.joined(separator: ", ")
        }
        func issues(_ indices: [Int]) -> String {
            Set(indices.flatMap { window[$0].issues }).map { $0.rawValue }.sorted().joined(separator: ", ")
        }
        let reason: String?
        switch verdict {
        case .passed:
            reason = nil
        case .headbandOffHead:
            reason = "flat, railed or line-noise signal on most channels: adjust the headband"
        case .motionTooHigh:
            reason = "the accelerometer shows head movement"
        case .eegFailure:
            let missing = window.indices.filter { window[$0].issues.contains(.missingData) }
            reason =
                missing.isEmpty
                ? "bad signal on \(names(findings.badChannels)): \(issues(findings.badChannels))"
                : "data missing on \(names(missing))"
        }
        return QAStatus(verdict: verdict, reason: reason, time: time)
    }
}
