import Testing

@testable import Transfer

@Suite struct RemoteNameTests {
    /// The local name first, then `<stem>.<id>.<ext>`, `<stem>.<id>-2.<ext>`…, made only when asked for.
    @Test func candidatesStartWithTheLocalNameAndCarryTheItemsShortID() {
        let names = Array(RemoteName.candidates(fileName: "r_rest_1_1_3_P.h5.gpg", itemID: "0D3C7A52-6A8C-4E0B-9A7E-2F1C5B8E9D01"))
        #expect(names == ["r_rest_1_1_3_P.h5.gpg", "r_rest_1_1_3_P.0d3c7a52.h5.gpg", "r_rest_1_1_3_P.0d3c7a52-2.h5.gpg", "r_rest_1_1_3_P.0d3c7a52-3.h5.gpg"])
        #expect(Array(RemoteName.candidates(fileName: "notes", itemID: "AB-CD", count: 2)) == ["notes", "notes.abcd"])
    }

    @Test func theFileNameIsWhatFollowsTheLastSlash() {
        #expect(RemoteName.fileName(of: "0D3C7A52-6A8C-4E0B-9A7E-2F1C5B8E9D01/q_mood_1_1_1_P.json") == "q_mood_1_1_1_P.json")
        #expect(RemoteName.fileName(of: "a/b/c.h5") == "c.h5")
        #expect(RemoteName.fileName(of: "c.h5") == "c.h5")
    }
}
