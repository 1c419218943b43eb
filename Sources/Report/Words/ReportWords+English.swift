extension ReportWords {
    /// The English table (also the fallback).
    static let english: [ReportText: String] = [
        .participantTitle: "Participant report",
        .participantSubtitleOne: "Participant {0} · {1} session with EEG",
        .participantSubtitleMany: "Participant {0} · {1} sessions with EEG",
        .participant: "Participant", .study: "Study", .sessionsWithEEG: "Sessions with EEG", .blocks: "Blocks",
        .signalRecorded: "Signal recorded", .firstLast: "First – last (UTC)",
        .qualityTitle: "Signal quality per session",
        .qualityCaption:
            "Shares of 2 s windows graded good, medium and bad, over all channels and blocks of each session (dN sM: study day N, session M).",
        .good: "good", .medium: "medium", .bad: "bad",
        .scoreTitle: "Reaction-time score over the days",
        .scoreLabel: "Reaction-time score per session",
        .scoreSeries: "reaction time",
        .scoreCaption: "The session's score: the median latency of its correct trials (lower is faster).",
        .sessions: "Sessions",
        .sessionColumns: "start (UTC)|day|session|paradigm|blocks|duration|good signal|verdict|trials|RT score",
        .incomplete: "{0} incomplete",
        .passed: "passed", .tooShortToJudge: "too short to judge", .headbandOffHead: "headband_off_head",
        .motionTooHigh: "motion_too_high", .eegFailure: "eeg_failure",
        .footer:
            "Made by study-recorder {0} at {1} from the stored recordings. A derived, local file: it is not catalogued or uploaded, and names the participant only by the pseudonymous UUID. Methods: docs/processing.md; layout of the data: docs/formats.md.",
    ]
}
