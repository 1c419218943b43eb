extension ReportWords {
    /// The English table (also the fallback).
    static let english: [ReportText: String] = [
        .participantTitle: "Participant report",
        .participantSubtitleOne: "Participant {0} · {1} session with EEG",
        .participantSubtitleMany: "Participant {0} · {1} sessions with EEG",
        .participant: "Participant", .study: "Study", .sessionsWithEEG: "Sessions with EEG", .blocks: "Blocks",
        .signalRecorded: "Signal recorded", .firstLast: "First – last (UTC)",
        .daysCompleted: "Study days completed", .daysCompletedValue: "{0} of {1} so far ({2} in the study)",
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

        .sessionTitle: "Session report",
        .sessionSubtitleOne: "Participant {0} · {1} recording", .sessionSubtitleMany: "Participant {0} · {1} recordings",
        .recording: "recording", .dayN: "day {0}", .sessionN: "session {0}", .runN: "run {0}",

        .paradigm: "Paradigm", .daySessionRun: "Day / session / run", .start: "Start (UTC)", .duration: "Duration", .device: "Device",
        .firmware: "Firmware", .samplingRate: "Sampling rate", .channels: "Channels", .lostSamples: "Lost samples", .mains: "Mains",
        .file: "File",
        .none: "none", .gapsOne: "{0} in {1} gap ({2} s)", .gapsMany: "{0} in {1} gaps ({2} s)", .streamGapsOne: "{0} in {1} gap", .streamGapsMany: "{0} in {1} gaps", .mainsDetected: "detected",
        .durationIncomplete: "{0} (incomplete)", .durationIncompleteBecause: "{0} (incomplete: {1})",

        .endParticipant: "interrupted by the participant", .endSignal: "interrupted by signal",
        .endDeviceStopped: "the device stopped sending data", .endDeviceDidNotStart: "the device did not start",
        .endDeviceDisconnected: "device disconnected", .endBatteryLow: "battery low",

        .verdictTitle: "Quality verdict",
        .reasonTooShort: "Too short to judge: no complete quality window.",
        .reasonMissing: "Samples missing",
        .reasonOffHead: "Headband off the head (as it reported, or half the channels flat, railed or humming{0})",
        .reasonOffHeadReported: "; {0} reported by it",
        .reasonMotion: "Head movement (accelerometer, headband on)",
        .reasonBadChannel: "Worst channel graded bad ({0})",
        .channelN: "channel {0}",
        .reasonShare: "{0}: {1} of windows (limit {2})",
        .reasonWindows: "{0} quality windows of 2 s judged, every {1} s",

        .excerptTitle: "Signal excerpt",
        .excerptCaption:
            "{0} s from the middle of the recording, each channel on its own scale (the range is given under its name); breaks are lost samples.",
        .excerptLabel: "Signal excerpt per channel, {0} s from {1} s",
        .gradeTitle: "Signal quality over time",
        .gradeCaption: "Grade of each 2 s window (updated every {0} s; the worst grade in each column is shown).",
        .gradeLabel: "Signal quality grade per channel over time",
        .notJudged: "not judged", .eventMarker: "event marker", .softwareEvent: "device / software event", .lostSamplesLegend: "lost samples",
        .bandPowerTitle: "Band power over time",
        .bandPowerCaption:
            "Relative band power (share of 1–45 Hz power) over the last 4 s, every second, averaged over the channels not graded bad; breaks where no channel could be used.",
        .bandPowerLabel: "Relative band power over time",
        .spectrumTitle: "Spectrum",
        .spectrumMissing: "{0}: the spectrum cannot be estimated.",
        .spectrumNoGapFree: "No gap-free 2 s segment",
        .spectrumNoClean: "No 2 s segment free of gaps and of windows graded bad or off the head",
        .spectrumLabel: "Welch power spectral density per channel",
        .spectrumCaption:
            "Welch PSD in µV²/Hz (log scale) of the whole recording: 2 s Hann segments, 50 % overlap, {0} ({1} of {2} segments on the first channel); bands shaded.",
        .leftOutGaps: "gaps left out", .leftOutAll: "gaps, bad and off-head windows left out",

        .perChannelTitle: "Per channel", .channelColumns: "channel|good|medium|bad", .segments: "segments", .usedOf: "{0} of {1}",
        .channelNote: "Grades: share of 2 s windows. Bands: relative power of the whole recording (Welch, share of 1–45 Hz{0}).",
        .channelNoteLeftOut: "; bad and off-head windows left out",
        .trialsTitle: "Reaction time per trial",
        .trialsSummary: "{0} trials, {1} correct; block median {2}, session median so far {3}.",
        .trialsLabel: "Reaction-time latency per trial",
        .trialsColumns: "trial|outcome|latency (ms)|key",
        .medianLine: "median {0} ms", .trialPoint: "trial {0}: {1} ms, {2}", .trialMiss: "trial {0}: {1}",
        .outcomeCorrect: "correct", .outcomeAnticipation: "anticipation", .outcomeWrongKey: "wrongKey", .outcomeMiss: "miss",
        .eventsTitle: "Events", .eventsColumns: "time (s)|sample|code|label",
        .eventGap: "gap {0} samples", .eventInterrupted: "interrupted", .eventInterruptedBecause: "interrupted: {0}",
        .moreEvents: "… and {0} more events (see `study-recorder export --format csv`).",

        .overviewTitle: "Study overview · {0}",
        .overviewSubtitle: "{0} · {1} · {2}", .participantsOne: "{0} participant", .participantsMany: "{0} participants",
        .studyDaysOne: "{0} study day", .studyDaysMany: "{0} study days", .recordingsCollectedOne: "{0} recording collected",
        .recordingsCollectedMany: "{0} recordings collected",
        .overviewDemonstration:
            "and, counted apart, {0} recordings of demonstration data (a scripted participant or a simulated, replayed or synthetic signal), which the dataset leaves out unless collected with --include-simulated",
        .overviewDaysTitle: "Participants and study days",
        .overviewDaysCaption:
            "Per study day: ✓ done (every session collected and complete), ◐ incomplete (a session missing or ended early), ✗ missing (nothing collected, although a later day was), · not yet (after the last day collected).",
        .overviewColumns: "participant|done|incomplete|missing|RT score (last session)",
        .dayColumn: "d{0}",
        .dayDone: "done", .dayIncomplete: "incomplete", .dayMissing: "missing", .dayOpen: "not yet",
        .overviewQualityTitle: "Signal quality per session",
        .overviewQualityCaption:
            "Share of 2 s windows graded good over all channels and blocks of each session, as stored with each recording while it was made (dN sM: study day N, session M); – where none was stored.",
        .sessionColumn: "d{0} s{1}",
        .uploadsTitle: "Uploads per week",
        .uploadsCaption: "Items collected (recordings, questionnaires, trial tables) by the week they were made (ISO weeks, UTC).",
        .uploadsLabel: "Items collected per week",
        .problemsTitle: "Problems", .problemsNone: "None: every item on the server was collected or is waiting for its manifest.",
        .monitoringTitle: "Participants to look at",
        .monitoringSummary:
            "As of {0}: {1} of {2} due sessions completed ({3}); median share of good signal {4}; {5} of {6} participants flagged.",
        .monitoringNoQuality: "no quality stored",
        .monitoringApart: "Counted apart, in none of these figures: {0} scripted and {1} simulated or replayed items.",
        .monitoringColumns: "participant|flags|enrolled|last upload|sessions done/due|missed (in a row)|good signal|lost|reconnects|battery|headband",
        .monitoringCaption:
            "Flagged participants first. Sessions are due one study day per day since enrolment; missed: past study days with nothing collected. Good signal: share of windows graded good over all recordings; lost: recording time without data (link gaps). Battery: start → end of the latest recording. Thresholds: the study file's monitoring section (docs/study-format.md).",
        .monitoringDemo: "demo",
        .monitoringNone: "nothing",
        .flagNoUpload: "no upload for {0} days (flag after {1})",
        .flagMissedSessions: "{0} sessions missed in a row (flag at {1})",
        .flagLowQuality: "good signal {0} (below {1})",
        .flagHighLoss: "{0} of the recording time lost (above {1})",
        .flagFailingHeadband: "headband failed in {0} of the last 3 sessions (flag at {1})",
        .overviewFooter:
            "Made by study-recorder {0} from the collected uploads. Participants appear only by their pseudonymous UUID; consent records stay sealed on the server. Layout of the dataset: docs/analysis.md.",

        .footer:
            "Made by study-recorder {0} at {1} from the stored recordings. A derived, local file: it is not catalogued or uploaded, and names the participant only by the pseudonymous UUID. Methods: docs/processing.md; layout of the data: docs/formats.md.",
    ]
}
