import Testing
@testable import Transfer

struct TransferModuleTests {
    @Test func userAgentNamesTheTool() { #expect(TransferModule.userAgent.hasPrefix("study-recorder")) }
}
