import Testing
@testable import Storage

struct StorageModuleTests {
    @Test func softwareVersionIsSemantic() { #expect(StorageModule.softwareVersion.split(separator: ".").count == 3) }
}
