/// Every sentence the runtime itself says to a participant (prompts, hints, progress, refusals), as
/// opposed to the texts a study file defines. Each locale's ``RuntimeStrings`` table has one entry
/// per case; `{0}`, `{1}` … are filled in order.
package enum RuntimeText: String, Sendable, CaseIterable {
    case nextPage, agreeOrStop, signature, helperName, pressEnter, pressAnyKey, trialProgress, blockDone, nextBlock
    case tooEarly, signal, thresholdRelaxed, stepTakingLong, stepPassedAutomatically, fittingWayOn, fittingPassed
    case pleaseAnswer, hintType, hintTypeOrSkip, hintNumber, hintAnyNumber, hintNumberEnds, hintSkip, hintDate, hintChoice, hintChoices
    case hintExclusive, hintKeepName, problemExclusive
    case problemRequired, problemMaxLength, problemOneOf, problemDistinct, problemSelections, problemNumber
    case problemRange, problemWhole, problemStep, problemDate, problemOnOrAfter, problemOnOrBefore
    case errorNotEnrolled, errorAlreadyEnrolled, errorConsentDeclined, errorSignatureMissing, errorInterrupted, errorSourceFailed
    case summaryCompleted, summaryInterrupted, summaryWaiting, summaryFinished, summaryStored, summaryIncomplete, summaryMedian
    case summaryNextDay, summaryUpload, summaryReport
    case reasonParticipant, reasonDeviceStopped, reasonDeviceDidNotStart, reasonDeviceDisconnected, reasonBatteryLow
    case statusHeader, statusProgress, statusDue, statusDueBlock, statusCloses, statusOpensWindow, statusWaiting, statusSkipped, statusNotEnrolled
    case statusStreak, statusNext, statusNextOpens
    case reminderTitle, reminderText, reminderShown, reminderAlreadyShown, reminderNothingDue
    case scoresHeader, scoresNone, scoresColumns, listColumns, listEndedEarly, listLastError, listStaysHere, listRetired
    case timeRemaining, stoppedNothingStored, stoppedSomethingStored, stoppedEnrolment, speechMissing
    case devicePrefix, deviceLinkLost, deviceLinkBack, deviceOffHead, deviceOnHead, deviceBatteryLow, deviceBatteryOK, deviceDataLost
    case deviceCorruptPackets, deviceLostSoFarOne, deviceLostSoFarMany, enrolled, agreePrompt
    case announcementGlobal, announcementParticipant, announcementNew, announcementsNone, announcementsNoneNew
}
