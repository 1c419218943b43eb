import DataSources
import RecordingPipeline

/// What every part of a running session works with: the study and its locale, the values its texts'
/// placeholders are filled from, the participant interface, the data controller, the quality monitor
/// and the pacer. The preparation steps and the recorded blocks of one block share it.
struct SessionContext {
    /// The study being run.
    let study: StudyDefinition
    /// The locale the texts are shown in.
    let locale: String
    /// Placeholder values for the texts (participant, session title, block duration, day).
    let values: [String: String]
    /// Where texts are shown and answers and keys come from.
    let interface: any ParticipantInterface
    /// The data source's controller: frames delivered, markers.
    let controller: DataController
    /// The device state and signal quality seen so far.
    let monitor: QualityMonitor
    /// Study time against real time (the speed factor).
    let pacer: Pacer
    /// How texts are cued for this participant (the study's mode, or the bell when the participant
    /// asked not to have texts read aloud).
    let cues: CueMode

    /// The runtime's own words in the session's locale.
    var strings: RuntimeStrings { RuntimeStrings(locale: locale) }

    /// Cues `text` (speaks it, or rings the bell). A text without a letter or digit, such as the
    /// fixation cross "+", is a symbol to look at, not something to say, and gets no cue.
    func cue(_ text: String) async {
        guard text.contains(where: { $0.isLetter || $0.isNumber }) else { return }
        await interface.cue(text, mode: cues)
    }

    /// `text` in the session's locale with its placeholders filled from the session's values.
    func render(_ text: LocalizedText) -> String {
        render(text, values: values)
    }

    /// `text` in the session's locale with its placeholders filled from `values` (the session's values
    /// plus those of a trial, say).
    func render(_ text: LocalizedText, values: [String: String]) -> String {
        study.render(text, locale: locale, values: values)
    }
}
