/// Every piece of text the participant view and a report's frame (title, subtitle, footer) show,
/// as opposed to what is read from the files. Each language's ``ReportWords`` table has one entry
/// per case; `{0}`, `{1}` … are filled in order.
enum ReportText: String, CaseIterable {
    case participantTitle, participantSubtitleOne, participantSubtitleMany
    case participant, study, sessionsWithEEG, blocks, signalRecorded, firstLast
    case qualityTitle, qualityCaption, good, medium, bad
    case scoreTitle, scoreLabel, scoreSeries, scoreCaption
    case sessions, sessionColumns, incomplete, passed, tooShortToJudge, headbandOffHead, motionTooHigh, eegFailure
    case footer
}
