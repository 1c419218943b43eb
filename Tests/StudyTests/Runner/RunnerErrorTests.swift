import DataSources
import Study
import Testing

/// The runner's errors speak the library's language in every locale: a program using the library
/// has no `study-recorder` commands, so no message tells it to run one (the CLI adds its own,
/// `CommandHint`).
struct RunnerErrorTests {
    @Test(arguments: ["en", "de"])
    func noMessageNamesACommand(locale: String) {
        let strings = RuntimeStrings(locale: locale)
        let errors: [RunnerError] = [
            .notEnrolled(study: "mynd"), .alreadyEnrolled(study: "mynd", participant: "P"), .consentDeclined, .signatureMissing,
            .interrupted("headband lost"), .sourceFailed(.deviceNotFound("Muse")),
        ]
        for error in errors {
            let text = error.description(in: strings)
            #expect(!text.contains("study-recorder"), "\(text)")
        }
    }
}
