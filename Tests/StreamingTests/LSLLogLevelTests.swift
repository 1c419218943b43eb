import Testing

@testable import Streaming

/// liblsl logs at ERROR unless the user's own configuration sets a `[log] level`.
struct LSLLogLevelTests {
    @Test func withoutAConfigurationLiblslIsQuiet() {
        #expect(LSLLogLevel.configuration(userConfiguration: nil) == "[log]\nlevel = -2\n")
    }

    @Test func aConfigurationWithoutALevelKeepsItsSettingsAndGetsOne() throws {
        let lab = "[multicast]\nResolveScope = machine\n[lab]\nKnownPeers = {127.0.0.1}"
        let given = try #require(LSLLogLevel.configuration(userConfiguration: lab))
        #expect(given.hasPrefix(lab + "\n") && given.hasSuffix("[log]\nlevel = -2\n"))
        #expect(LSLLogLevel.setsLevel(given))
        // A level under another section is not the log's.
        #expect(LSLLogLevel.configuration(userConfiguration: "[ports]\nlevel = 3\n") != nil)
    }

    @Test func aConfigurationWithALevelIsLiblslsToRead() {
        #expect(LSLLogLevel.configuration(userConfiguration: "[log]\n ; louder\n Level = 0\n") == nil)
        #expect(LSLLogLevel.configuration(userConfiguration: "[lab]\nSessionID = x\n[ log ]\nlevel=2") == nil)
    }
}
