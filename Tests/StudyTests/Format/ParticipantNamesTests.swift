import Testing

@testable import Study

struct ParticipantNamesTests {
    @Test func aParticipantAloneIsAddressedDirectly() {
        let values = ParticipantNames(patientName: "Ada").placeholderValues(locale: "en")
        #expect(values["possessivePatient"] == "your")
        #expect(values["ofPatient"] == "")
        #expect(values["helperName"] == "Ada")
        #expect(ParticipantNames(patientName: "Ada").placeholderValues(locale: "de-AT")["possessivePatient"] == "dein")
    }

    @Test func aHelperIsToldWhose() {
        let names = ParticipantNames(patientName: "Hans", helperName: "Eva")
        #expect(names.placeholderValues(locale: "en")["possessivePatient"] == "Hans’")
        #expect(names.placeholderValues(locale: "de")["possessivePatient"] == "Hans’")
        #expect(ParticipantNames(patientName: "Ada", helperName: "Eva").placeholderValues(locale: "de")["possessivePatient"] == "Adas")
        #expect(names.placeholderValues(locale: "en")["ofPatient"] == "of Hans")
        #expect(names.placeholderValues(locale: "en")["helperName"] == "Eva")
    }

    @Test func everyNameValueIsABuiltInPlaceholder() {
        let keys = Set(ParticipantNames(patientName: "A").placeholderValues(locale: "en").keys)
        #expect(keys.isSubset(of: Placeholders.builtIn))
    }
}
