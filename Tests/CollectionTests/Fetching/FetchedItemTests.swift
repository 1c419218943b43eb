import Foundation
import Testing
import Transfer

@testable import Collection

/// What a failed request comes to: a deferral when it may pass by the next run, a `server` problem
/// when the answer needs a person, and only silence counts toward the server having stopped answering.
@Suite struct FetchedItemTests {
    let key = "0B7E1A52-7C4A-4F0B-9D3E-5A1C2B3D4E5F/t_reaction_1_2_1_0B7E1A52-7C4A-4F0B-9D3E-5A1C2B3D4E5F.json"

    @Test func whatMayPassIsDeferredAndOnlySilenceIsUnanswered() {
        let silent = FetchedItem(failure: .network(code: 28, message: "timed out"), key: key)
        #expect(silent.deferral?.reason == .transfer && silent.deferral?.remote == key && silent.unanswered && silent.answerOnly)
        #expect(silent.entry.problem == nil)
        for status in [404, 408, 429, 500, 503, 599] {
            let fetched = FetchedItem(failure: .http(status: status, method: "GET", path: key), key: key)
            #expect(fetched.deferral?.reason == .transfer && !fetched.unanswered && fetched.entry.problem == nil, "\(status)")
        }
    }

    @Test func aRedirectARefusalOrAnAnswerPastTheLimitsIsAProblemForAPerson() {
        for status in [301, 302, 307, 308] {
            let fetched = FetchedItem(failure: .http(status: status, method: "PROPFIND", path: key), key: key)
            #expect(fetched.deferral == nil && !fetched.unanswered && fetched.answerOnly, "\(status)")
            #expect(fetched.entry.problem?.reason == .server)
            #expect(fetched.entry.problem?.detail == "the server answered PROPFIND with a redirect (\(status)), which is not followed")
        }
        for error in [
            TransferError.http(status: 401, method: "GET", path: key), .http(status: 403, method: "GET", path: key),
            .http(status: 410, method: "GET", path: key), .tooLarge("more than 65536 bytes", method: "GET", path: key),
        ] {
            let fetched = FetchedItem(failure: error, key: key)
            #expect(fetched.deferral == nil && fetched.entry.problem?.reason == .server && fetched.entry.problem?.detail == "\(error)", "\(error)")
            #expect(fetched.entry.item == nil && !fetched.entry.done && fetched.catalogue == nil)
        }
    }
}
