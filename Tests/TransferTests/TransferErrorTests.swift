import Foundation
import Testing
import Transfer

/// Transfer errors: a code to compare, the system's numbers kept, one line of text without secrets.
struct TransferErrorTests {
    @Test func errorsKeepTheirCodesAndSayThemInTheirText() {
        let network = TransferError.network(code: 7, message: "Failed to connect")
        #expect(network.code == .network && network.curlCode == 7)
        #expect("\(network)" == "network error (curl 7): Failed to connect")
        #expect(network.makesDestinationUnusable)
        let file = TransferError.localFile(path: "P/r.h5", reason: "No such file or directory", errno: ENOENT)
        #expect(file.errno == ENOENT && "\(file)".contains("errno \(ENOENT)"))
        let http = TransferError.http(status: 401, method: "PUT", path: "/P/r.h5")
        #expect(http.httpStatus == 401 && http.makesDestinationUnusable)
        #expect("\(http)".hasPrefix("PUT /P/r.h5: HTTP 401 Unauthorized"))
        #expect(!TransferError.http(status: 500, method: "PUT", path: "/").makesDestinationUnusable)
        #expect(TransferError.mail("refused", curlCode: 67).description == "e-mail: refused (curl 67)")
    }

    @Test func aLocalFileThatCannotBeOpenedNamesTheErrno() async throws {
        let client = try WebDAVClient(base: "http://127.0.0.1:9/", credentials: nil)
        do {
            _ = try await client.upload(file: URL(fileURLWithPath: "/nonexistent/r.h5"), to: ["P", "r.h5"])
            Issue.record("a missing file was uploaded")
        } catch let error as TransferError {
            #expect(error.code == .localFile && error.errno == ENOENT, "\(error)")
        }
    }
}
