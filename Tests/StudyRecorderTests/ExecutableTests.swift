import Testing
import TestSupport

struct ExecutableTests {
    @Test func versionPrints() throws {
        let bin = try #require(ProjectPaths.executable)
        let result = try ProcessRunner.run(bin, ["--version"])
        #expect(result.status == 0)
        #expect(!result.stdout.isEmpty)
    }
}
