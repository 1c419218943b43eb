public import Foundation

/// A data folder wired to a real test WebDAV server through `transfer.json` and a 0600 secrets file, as
/// an operator would set it up.
public struct TransferCLISetup {
    public let data: URL
    public let config: URL

    public init(folder: TemporaryDirectory, webdavURL: String, password: String, encryption: [String: Any]? = nil, extra: [String: Any] = [:]) throws
    {
        data = folder.path("data")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("private"), withIntermediateDirectories: true)
        var json: [String: Any] = [
            "webdav": ["url": webdavURL, "connectTimeout": 2, "stallTimeout": 3],
            "backoff": ["initial": 0, "maximum": 0],
            "secretsFile": "private/transfer-secrets.json",
        ]
        if let encryption { json["encryption"] = encryption }
        json.merge(extra) { $1 }
        config = data.appendingPathComponent("transfer.json")
        try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted]).write(to: config)
        let secrets = data.appendingPathComponent("private/transfer-secrets.json")
        try JSONSerialization.data(withJSONObject: [
            "webdav": ["user": "uploader", "password": password], "announcements": ["user": "reader", "password": password],
        ])
        .write(to: secrets)
        chmod(secrets.path, 0o600)
    }
}
