import Foundation
import Storage
import Testing
import Transfer

/// `EncryptionSettings` holds Storage's `EncryptionPolicy`, but its JSON stays the flat object of
/// `transfer.json`'s `encryption` section.
struct EncryptionSettingsTests {
    @Test func aFlatObjectDecodesIntoThePolicyAndTheMailFlag() throws {
        let json = #"{"mode":"at-upload","keyFile":"k.asc","fingerprint":"AB CD","armored":true,"allowPlaintextEmail":true}"#
        let settings = try JSONDecoder().decode(EncryptionSettings.self, from: Data(json.utf8))
        #expect(settings.policy == EncryptionPolicy(mode: .atUpload, keyFile: "k.asc", fingerprint: "AB CD", armored: true))
        #expect(settings.allowPlaintextEmail)
    }

    @Test func missingFieldsTakeTheDefaults() throws {
        let settings = try JSONDecoder().decode(EncryptionSettings.self, from: Data("{}".utf8))
        #expect(settings == EncryptionSettings())
        #expect(settings.policy.mode == .none)
        #expect(!settings.allowPlaintextEmail)
    }

    @Test func encodingGivesTheSameFlatObject() throws {
        let settings = EncryptionSettings(policy: EncryptionPolicy(mode: .atRest, keyFile: "/k.gpg", fingerprint: "01"), allowPlaintextEmail: false)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(settings), as: UTF8.self)
        #expect(text == #"{"allowPlaintextEmail":false,"armored":false,"fingerprint":"01","keyFile":"\/k.gpg","mode":"at-rest"}"#)
        #expect(try JSONDecoder().decode(EncryptionSettings.self, from: Data(text.utf8)) == settings)
    }
}
