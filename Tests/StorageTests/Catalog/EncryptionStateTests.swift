import Testing

@testable import Storage

/// One place ties encrypted files' extensions to catalog states; sealing, recovery and file naming
/// ask it.
struct EncryptionStateTests {
    @Test func extensionsAndStatesMapBothWays() {
        #expect(EncryptionState.encryptedExtensions == ["gpg", "asc"])
        for state in EncryptionState.allCases {
            #expect(EncryptionState(fileExtension: state.fileExtension ?? "h5") == state)
        }
        #expect(EncryptionPolicy(mode: .atRest, armored: true).fileExtension == "asc")
        #expect(EncryptionPolicy(mode: .atRest).fileExtension == "gpg")
        #expect(Sealer.plaintextPath(of: "p/r_rest_1_0_1_u.h5.asc") == "p/r_rest_1_0_1_u.h5")
        #expect(FileNaming.parse("r_rest_1_0_1_u.h5.gpg")?.kind == .recording)
    }
}
