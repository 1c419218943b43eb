import Testing

@testable import Processing

struct ProcessingModuleTests {
    @Test func algorithmVersionIsSet() { #expect(!ProcessingModule.algorithmVersion.isEmpty) }
}
