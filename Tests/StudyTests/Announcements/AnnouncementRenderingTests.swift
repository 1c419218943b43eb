import Foundation
import Testing
import Storage

@testable import Study

/// Announcements are filled by the same engine as the study's texts: a placeholder reads the same in
/// a message from the study team as on every other screen, and none is ever shown raw.
struct AnnouncementRenderingTests {
    private static func message(_ text: String, locale: String) -> Announcement {
        Announcement(scope: .global, type: "info", locale: locale, title: "Hallo #patientName#", text: text, received: Date(), isNew: true)
    }

    @Test(arguments: [("Anna", "Annas"), ("Hans", "Hans’"), ("Max", "Max’")])
    func germanPossessivesMatchTheStudyTexts(_ name: String, _ possessive: String) throws {
        let names = ParticipantNames(patientName: name, helperName: "Eva")
        let (filled, unknown) = Self.message("#possessivePatient# Daten", locale: "de").rendered(with: names)
        #expect(unknown.isEmpty)
        #expect(filled.title == "Hallo \(name)")
        #expect(filled.text == "\(possessive) Daten")
        // The same placeholder in a study text renders the same way.
        let study = try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent("mynd-example"))
        let values = PlaceholderValues(locale: "de", names: names).dictionary
        #expect(study.render(LocalizedText("#possessivePatient# Daten"), locale: "de", values: values) == filled.text)
    }

    @Test func withoutAHelperTheMessageAddressesTheParticipant() {
        let (filled, _) = Self.message("#possessivePatient# data, #ofPatient#", locale: "en").rendered(with: ParticipantNames(patientName: "Ada"))
        #expect(filled.text == "your data, ")
    }

    /// A name no engine knows, or a participant's name where nobody is enrolled, is left out and
    /// reported.
    @Test func anUnknownPlaceholderIsLeftOutAndReported() {
        let (filled, unknown) = Self.message("Hi #mystery#, # not one #", locale: "en").rendered(with: nil)
        #expect(filled.text == "Hi , # not one #")
        #expect(unknown == ["patientName", "mystery"])
        #expect(filled.title == "Hallo ")
        #expect(ExampleStudiesShownTextsTests.placeholderLeft(in: filled.title + filled.text) == nil)
    }
}
