/// Every piece of text a report shows, as opposed to what is read from the files (channel, band,
/// paradigm and event names, which stay as stored): the participant view, the session view, the
/// study overview and the page's frame (title, subtitle, footer). Each language's ``ReportWords``
/// table has one entry per case; `{0}`, `{1}` … are filled in order. A `…Columns` entry is a table's headers separated by `|`.
enum ReportText: String, CaseIterable {
    // The participant view.
    case participantTitle, participantSubtitleOne, participantSubtitleMany
    case participant, study, sessionsWithEEG, blocks, signalRecorded, firstLast, daysCompleted, daysCompletedValue
    case qualityTitle, qualityCaption, good, medium, bad
    case scoreTitle, scoreLabel, scoreSeries, scoreCaption
    case sessions, sessionColumns, incomplete, passed, tooShortToJudge, headbandOffHead, motionTooHigh, eegFailure
    // The session view: title and heading.
    case sessionTitle, sessionSubtitleOne, sessionSubtitleMany, recording, dayN, sessionN, runN
    // The session view: metadata.
    case paradigm, daySessionRun, start, duration, device, firmware, samplingRate, channels, lostSamples, mains, file
    case none, gapsOne, gapsMany, streamGapsOne, streamGapsMany, mainsDetected, durationIncomplete, durationIncompleteBecause
    // Why a recording ended early (Storage's EndReason phrases).
    case endParticipant, endSignal, endDeviceStopped, endDeviceDidNotStart, endDeviceDisconnected, endBatteryLow
    // The session view: the verdict and its reasons.
    case verdictTitle, reasonTooShort, reasonMissing, reasonOffHead, reasonOffHeadReported, reasonMotion, reasonBadChannel, channelN
    case reasonShare, reasonWindows
    // The session view: the charts.
    case excerptTitle, excerptCaption, excerptLabel
    case gradeTitle, gradeCaption, gradeLabel, notJudged, eventMarker, softwareEvent, lostSamplesLegend
    case bandPowerTitle, bandPowerCaption, bandPowerLabel
    case heartRateTitle, heartRateCaption, heartRateLabel, heartRateNone, heartRateBadChannels
    case spectrumTitle, spectrumMissing, spectrumNoGapFree, spectrumNoClean, spectrumLabel, spectrumCaption, leftOutGaps, leftOutAll
    // The session view: the tables.
    case perChannelTitle, channelColumns, segments, usedOf, channelNote, channelNoteLeftOut
    case trialsTitle, trialsSummary, trialsLabel, trialsColumns, medianLine, trialPoint, trialMiss
    case outcomeCorrect, outcomeAnticipation, outcomeWrongKey, outcomeMiss
    case eventsTitle, eventsColumns, moreEvents, eventGap, eventInterrupted, eventInterruptedBecause
    case footer
    // The study overview `collect` writes.
    case overviewTitle, overviewSubtitle, participantsOne, participantsMany, studyDaysOne, studyDaysMany, recordingsCollectedOne, recordingsCollectedMany, recordingsOne, recordingsMany, overviewDemonstration, overviewDaysTitle, overviewDaysCaption, overviewColumns, dayColumn
    case dayDone, dayIncomplete, dayMissing, dayOpen
    case overviewQualityTitle, overviewQualityCaption, sessionColumn
    case uploadsTitle, uploadsCaption, uploadsLabel, problemsTitle, problemsNone, overviewFooter
    // The study overview's monitoring.
    case monitoringTitle, monitoringSummary, monitoringNoQuality, monitoringApart, monitoringColumns, monitoringCaption, monitoringNone, monitoringDemo
    case flagNoUpload, flagMissedSessions, flagLowQuality, flagHighLoss, flagFailingHeadband
}
