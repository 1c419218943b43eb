import Testing
@testable import Study

struct StudyModuleTests {
    @Test func formatVersionIsPositive() { #expect(StudyModule.formatVersion >= 1) }
}
