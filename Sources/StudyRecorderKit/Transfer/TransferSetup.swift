public import Foundation
import Storage
import Transfer

/// The data folder's transfer conventions, in one place for every client (the CLI included): where
/// the configuration and the secrets are, sealing finished items when the study encrypts at rest,
/// and finishing seals a crash interrupted.
///
/// The configuration is `<data>/transfer.json` unless another file is named; secrets come from the
/// file the configuration names, by default `<data>/private/transfer-secrets.json` (mode 0600), or
/// the environment — never from a command line. See docs/operations.md.
public struct TransferSetup: Sendable {
    /// The data folder.
    public let dataFolder: URL
    /// The transfer configuration file (it need not exist: no file means no transfer).
    public let configurationURL: URL

    /// The setup of `dataFolder`, with `configuration` instead of `<data>/transfer.json` if given.
    public init(dataFolder: URL, configuration: URL? = nil) {
        self.dataFolder = dataFolder
        configurationURL = configuration ?? Self.defaultConfigurationURL(dataFolder: dataFolder)
    }

    /// `<data>/transfer.json`.
    public static func defaultConfigurationURL(dataFolder: URL) -> URL {
        dataFolder.appendingPathComponent("transfer.json")
    }

    /// The secrets file `configuration` names, else `<data>/private/transfer-secrets.json`.
    public static func secretsFile(for configuration: TransferConfiguration, dataFolder: URL) -> URL {
        configuration.secretsFile.map { URL(fileURLWithPath: $0) } ?? dataFolder.appendingPathComponent("private/transfer-secrets.json")
    }

    /// Whether a configuration file exists.
    public var isConfigured: Bool { FileManager.default.fileExists(atPath: configurationURL.path) }

    /// The configuration, or `nil` when there is no configuration file; throws the reason when the
    /// file is unusable.
    public func configuration() throws -> TransferConfiguration? {
        guard isConfigured else { return nil }
        return try TransferConfiguration.load(from: configurationURL)
    }

    /// The configuration and the secrets it names; throws ``RecorderError/Code-swift.struct/notConfigured``
    /// without a configuration file, else the reason either is unusable.
    public func load() throws -> (TransferConfiguration, TransferSecrets) {
        guard let configuration = try configuration() else {
            throw RecorderError(.notConfigured, "no transfer configuration at \(configurationURL.path)")
        }
        return (configuration, try TransferSecrets.load(file: Self.secretsFile(for: configuration, dataFolder: dataFolder)))
    }

    /// After an item is finalized: with `at-rest` encryption configured, seals the item (encrypts it
    /// and removes the plaintext) and returns the sealed item; otherwise returns it unchanged.
    public func sealIfRequired(_ item: CatalogItem, store: DataStore) throws -> CatalogItem {
        guard let configuration = try configuration(), configuration.encryption.policy.mode == .atRest else { return item }
        return try Sealer(store: store, policy: configuration.encryption.policy).seal(item)
    }

    /// At start-up: with `at-rest` encryption configured, finishes seals a crash interrupted and seals
    /// finished items that are still plaintext (``Sealer/recover()``). `nil` when nothing is sealed at
    /// rest; throws when sealing is configured but impossible (e.g. no usable study key).
    public func recoverSeals(store: DataStore) throws -> Sealer.Recovery? {
        guard let configuration = try configuration(), configuration.encryption.policy.mode == .atRest else { return nil }
        return try Sealer(store: store, policy: configuration.encryption.policy).recover()
    }
}
