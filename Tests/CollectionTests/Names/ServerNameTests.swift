@testable import Collection
import Foundation
import Testing

/// The names a study's upload folder may hold: the recorder's own, checked segment by segment, and
/// everything else refused with a reason and shown escaped.
@Suite struct ServerNameTests {
    let p = "0B7E1A52-7C4A-4F0B-9D3E-5A1C2B3D4E5F"

    @Test func theRecordersOwnNamesAndTheUploadersAlternativesPass() throws {
        let names = [
            "r_rest_1_1_1_\(p).h5", "r_rest_1_1_1_\(p).h5.gpg", "q_mood_2_3_1_\(p).json.asc", "t_reaction_1_2_1_\(p).json",
            "c_reaction-time_\(p).json.gpg", "c_reaction-time_\(p).pdf", "r_rest_1_1_1_\(p).1a2b3c4d.h5.gpg", "r_rest_1_1_1_\(p).1a2b3c4d-2.h5",
            "r_rest_1_1_1_\(p).0123456789ab.h5",
        ]
        for name in names {
            let item = try ServerName.item(name, participant: p).get()
            #expect(!item.isManifest && item.item == name)
            let manifest = try ServerName.item(name + ".manifest.json", participant: p).get()
            #expect(manifest.isManifest && manifest.item == name)
            #expect(try ServerName.item(name + ".manifest.json.gpg", participant: p).get().item == name)
        }
        #expect(try ServerName.item("r_rest_1_1_1_\(p).1a2b3c4d.h5.gpg", participant: p).get().firstName == "r_rest_1_1_1_\(p).h5.gpg")
        #expect(ServerName.problem(participantFolder: p) == nil)
    }

    @Test func pathsControlCharactersLongNamesAndOtherNamingAreRefused() {
        let refused = [
            "", ".", "..", "../r_rest_1_1_1_\(p).h5", "r_rest_1_1_1_\(p).h5/..", "a\\b", "r_rest\n_1_1_1_\(p).h5", "r_rest\u{0}_1_1_1_\(p).h5",
            "r_rest\u{1B}[2J_1_1_1_\(p).h5", "r_rest_1_1_1_\(p).h5\u{202E}", "r_" + String(repeating: "x", count: 300) + "_\(p).h5",
            "r_rest_1_1_1_\(UUID().uuidString).h5", "x_rest_1_1_1_\(p).h5", "r_rest_1_1_1_\(p).json", "r_rest_1_1_1_\(p).h5.zip",
            "r_rest_1_1_1_\(p).XYZ.h5", "r_re st_1_1_1_\(p).h5", "r_rest_1_1_1_\(p).a.b.h5", "probe.txt",
        ]
        for name in refused {
            guard case .failure = ServerName.item(name, participant: p) else {
                Issue.record("taken: \(ServerName.display(name))")
                continue
            }
        }
        #expect(ServerName.problem(participantFolder: "announcements") != nil)
        #expect(ServerName.problem(participantFolder: "..") != nil)
    }

    @Test func displayEscapesWhatATerminalActsOnAndCutsLongText() {
        #expect(ServerName.display("a\nb\r\tc\\d") == "a\\nb\\r\\tc\\\\d")
        #expect(ServerName.display("\u{1B}[2J\u{0}\u{7F}\u{9B}\u{202E}") == "\\u{1B}[2J\\u{0}\\u{7F}\\u{9B}\\u{202E}")
        #expect(ServerName.display(String(repeating: "ü", count: 500), limit: 10) == String(repeating: "ü", count: 10) + "…")
    }
}
