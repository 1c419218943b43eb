import Foundation
import Storage
import TestSupport
import Testing
import Transfer

struct TransferConfigurationTests {
    @Test func aFullFileLoadsWithPathsResolvedAgainstItsFolder() throws {
        let dir = try TemporaryDirectory("config")
        try Data("ca".utf8).write(to: dir.path("ca.pem"))
        let json = """
            {
              "webdav": { "url": "https://dav.example.invalid/upload/", "caFile": "ca.pem", "stallTimeout": 30 },
              "email": { "url": "smtp://mail.example.invalid:587", "from": "d@example.invalid", "to": ["s@example.invalid"] },
              "announcements": { "url": "https://dav.example.invalid/download/" },
              "encryption": { "mode": "at-rest", "keyFile": "study.asc", "fingerprint": "0123 4567 89AB CDEF 0123 4567 89AB CDEF 0123 4567" },
              "backoff": { "initial": 30 },
              "secretsFile": "secrets.json"
            }
            """
        try Data(json.utf8).write(to: dir.path("transfer.json"))
        let c = try TransferConfiguration.load(from: dir.path("transfer.json"))
        let folder = dir.url.standardizedFileURL.path
        #expect(c.webdav?.connection.caFile == folder + "/ca.pem")
        #expect(c.webdav?.connection.stallTimeout == 30)
        #expect(c.webdav?.connection.insecure == false)
        #expect(c.encryption.policy.mode == .atRest)
        #expect(c.encryption.policy.keyFile == folder + "/study.asc")
        #expect(c.encryption.allowPlaintextEmail == false)
        #expect(c.email?.requireTLS == true)
        #expect(c.email?.afterFailures == 3)
        #expect(c.backoff == BackoffPolicy(initial: 30, maximum: 6 * 3600))
        #expect(c.secretsFile == folder + "/secrets.json")
    }

    @Test(arguments: [
        ("{\"webdav\": {\"url\": \"https://u:p@dav.example.invalid/\"}}", "credentials"),
        ("{\"webdav\": {}}", "webdav.url"),
        ("{\"encryption\": {\"mode\": \"at-rest\"}}", "keyFile"),
        ("{\"webdav\": {\"url\": \"https://d.example.invalid/\", \"caFile\": \"missing.pem\"}}", "missing.pem"),
        ("{not json", "not valid JSON"),
        // Strict: a misspelt key, a time limit that cannot be, a password over plain http.
        ("{\"webdav\": {\"url\": \"https://d.example.invalid/\", \"stalTimeout\": 5}}", "unknown key webdav.stalTimeout"),
        ("{\"webDav\": {\"url\": \"https://d.example.invalid/\"}}", "unknown key webDav"),
        ("{\"webdav\": {\"url\": \"https://d.example.invalid/\", \"connectTimeout\": -1}}", "webdav.connectTimeout must be a positive"),
        ("{\"email\": {\"url\": \"smtp://m.example.invalid\", \"from\": \"a@b.c\", \"to\": [\"d@e.f\"], \"stallTimeout\": 0}}", "email.stallTimeout"),
        ("{\"backoff\": {\"initial\": -5}}", "backoff.initial"),
        ("{\"webdav\": {\"url\": \"http://dav.example.invalid/upload/\"}}", "webdav.url is plain http"),
        ("{\"announcements\": {\"url\": \"http://dav.example.invalid/\"}}", "announcements.url is plain http"),
    ])
    func aBadFileIsAClearConfigurationError(json: String, mentions: String) throws {
        let dir = try TemporaryDirectory("config")
        try Data(json.utf8).write(to: dir.path("transfer.json"))
        let error = #expect(throws: TransferError.self) { try TransferConfiguration.load(from: dir.path("transfer.json")) }
        guard let error, error.code == .configuration else { Issue.record("\(String(describing: error))"); return }
        let message = error.message
        #expect(message.contains(mentions), "\(message)")
        #expect(message.contains(dir.path("transfer.json").lastPathComponent), "the file is named: \(message)")
        #expect(!message.contains("u:p@"))
    }

    /// Broken JSON is found in an editor by its line and column, as a study file's errors are:
    /// `transfer.json:3:12: not valid JSON: …`, the column counted in characters.
    @Test func brokenJSONSaysTheLineAndColumn() throws {
        let dir = try TemporaryDirectory("config")
        let text = "{\n  \"webdav\": {\n    \"url\": \"https://d.example.invalid/\"\n    \"user\": \"ä\"\n  }\n}\n"
        try Data(text.utf8).write(to: dir.path("transfer.json"))
        let error = #expect(throws: TransferError.self) { try TransferConfiguration.load(from: dir.path("transfer.json")) }
        #expect(error?.message.hasPrefix(dir.path("transfer.json").path + ":4:5: not valid JSON") == true, "\(error?.message ?? "")")
        try Data("{\"webdav\": {\"url\": \"ü\", ]}".utf8).write(to: dir.path("transfer.json"))
        let second = #expect(throws: TransferError.self) { try TransferConfiguration.load(from: dir.path("transfer.json")) }
        #expect(second?.message.contains("transfer.json:1:25: not valid JSON") == true, "\(second?.message ?? "")")
    }

    @Test func plainHTTPIsAcceptedOnlyToThisMachine() throws {
        let dir = try TemporaryDirectory("config")
        for host in ["127.0.0.1:8080", "localhost", "[::1]:80"] {
            try Data(#"{"webdav": {"url": "http://\#(host)/upload/"}}"#.utf8).write(to: dir.path("transfer.json"))
            #expect(throws: Never.self) { try TransferConfiguration.load(from: dir.path("transfer.json")) }
        }
    }

    @Test func aSecretsFileReadableByOthersIsRefused() throws {
        let dir = try TemporaryDirectory("secrets")
        let file = dir.path("secrets.json")
        try Data(#"{"webdav": {"user": "up", "password": "hunter2"}}"#.utf8).write(to: file)
        chmod(file.path, 0o644)
        let error = #expect(throws: TransferError.self) { try TransferSecrets.load(file: file, environment: [:]) }
        #expect("\(String(describing: error))".contains("chmod 600"))
        #expect(!"\(String(describing: error))".contains("hunter2"))
        chmod(file.path, 0o600)
        let secrets = try TransferSecrets.load(file: file, environment: [:])
        #expect(secrets.webdav == Credentials(user: "up", password: "hunter2"))
        #expect(!"\(secrets.webdav!)".contains("hunter2"))
    }

    @Test func theEnvironmentWinsOverTheFile() throws {
        let dir = try TemporaryDirectory("secrets")
        let file = dir.path("secrets.json")
        try Data(#"{"webdav": {"user": "up", "password": "a"}}"#.utf8).write(to: file)
        chmod(file.path, 0o600)
        let secrets = try TransferSecrets.load(
            file: file,
            environment: [
                "STUDY_RECORDER_WEBDAV_USER": "env", "STUDY_RECORDER_WEBDAV_PASSWORD": "b", "STUDY_RECORDER_SMTP_USER": "m",
                "STUDY_RECORDER_SMTP_PASSWORD": "c",
            ])
        #expect(secrets.webdav == Credentials(user: "env", password: "b"))
        #expect(secrets.smtp == Credentials(user: "m", password: "c"))
        #expect(secrets.announcements == nil)
    }
}
