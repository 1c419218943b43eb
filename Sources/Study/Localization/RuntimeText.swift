/// Every sentence the runtime itself says to a participant (prompts, hints, progress, refusals), as
/// opposed to the texts a study file defines. Each locale's ``RuntimeStrings`` table has one entry
/// per case; `{0}`, `{1}` … are filled in order.
public enum RuntimeText: String, Sendable, CaseIterable {
    case nextPage, agreeOrStop, signature, helperName, pressEnter, pressAnyKey, trialProgress, blockDone, nextBlock
    case tooEarly, signal, thresholdRelaxed, stepTakingLong, stepPassedAutomatically, fittingWayOn, fittingPassed
    case pleaseAnswer, hintNumber, hintAnyNumber, hintNumberEnds, hintOrSkip, hintSkip, hintDate, hintChoice, hintChoices
    case problemRequired, problemMaxLength, problemOneOf, problemDistinct, problemSelections, problemNumber
    case problemRange, problemWhole, problemStep, problemDate, problemOnOrAfter, problemOnOrBefore
    case errorNotEnrolled, errorAlreadyEnrolled, errorConsentDeclined, errorSignatureMissing, errorInterrupted, errorSourceFailed
    case summaryCompleted, summaryInterrupted, summaryWaiting, summaryFinished, summaryStored, summaryIncomplete, summaryMedian
    case summaryNextDay, summaryUpload, summaryReport
    case timeRemaining, stoppedNothingStored, stoppedSomethingStored, stoppedEnrolment, speechMissing
}
