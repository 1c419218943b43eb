import Foundation
import TestSupport
import Testing

@testable import Collection

/// The consent folder: files named by the participant's UUID alone, whatever the uploaded name held,
/// and the folder owner-only even when it existed before.
@Suite struct ConsentFolderTests {
    @Test func aConsentIsNamedByTheParticipantsUUIDAndItsPlainExtension() {
        let folder = ConsentFolder(url: URL(fileURLWithPath: "/consent"))
        let p = "0b7e1a52-7c4a-4f0b-9d3e-5a1c2b3d4e5f"
        #expect(folder.file(participant: p, name: "c_reaction-time_\(p).pdf.gpg").path == "/consent/0B7E1A52-7C4A-4F0B-9D3E-5A1C2B3D4E5F.pdf")
        #expect(folder.file(participant: p, name: "c_reaction-time_\(p).json.asc").lastPathComponent == "0B7E1A52-7C4A-4F0B-9D3E-5A1C2B3D4E5F.json")
        #expect(folder.file(participant: p, name: "c_x_\(p).1a2b3c4d.json.pgp").lastPathComponent == "0B7E1A52-7C4A-4F0B-9D3E-5A1C2B3D4E5F.json")
        #expect(folder.file(participant: p, name: "c_x").lastPathComponent == "0B7E1A52-7C4A-4F0B-9D3E-5A1C2B3D4E5F")
    }

    @Test func anExistingFolderIsMadeOwnerOnly() throws {
        let dir = try TemporaryDirectory("consent-folder")
        let url = dir.path("consent")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try ConsentFolder(url: url).makePrivate()
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        try ConsentFolder(url: dir.path("new/consent")).makePrivate()
        #expect(try FileManager.default.attributesOfItem(atPath: dir.path("new/consent").path)[.posixPermissions] as? Int == 0o700)
    }
}
