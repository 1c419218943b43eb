import Logging
import StudyRecorderKit
import StudyRecorderTesting
import Testing

@Suite struct InMemoryLogHandlerTests {
    @Test func keepsEveryEntryWithLevelAndMetadata() {
        let (logger, log) = InMemoryLogHandler.logger(label: "test", level: .info)
        logger.debug("hidden")
        logger.warning("disk almost full", metadata: ["free": "12 MB"])
        #expect(log.entries == [InMemoryLogHandler.Entry(label: "test", level: .warning, message: "disk almost full", metadata: ["free": "12 MB"])])
        log.clear()
        #expect(log.entries.isEmpty)
    }
}
