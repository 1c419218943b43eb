import DataSources
public import Foundation
public import Storage

/// The data folder's transfer conventions, in one place for every client (the kit's `Recorder`, the
/// study run, the CLI): where the configuration and the secrets are, sealing finished items when the
/// folder encrypts at rest, refusing to store in the clear what a study requires encrypted, and
/// finishing seals a crash interrupted.
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
    package static func secretsFile(for configuration: TransferConfiguration, dataFolder: URL) -> URL {
        configuration.secretsFile.map { URL(fileURLWithPath: $0) } ?? dataFolder.appendingPathComponent("private/transfer-secrets.json")
    }

    /// Whether a configuration file exists.
    public var isConfigured: Bool { FileManager.default.fileExists(atPath: configurationURL.path) }

    /// The configuration, or `nil` when there is no configuration file; throws the reason when the
    /// file is unusable.
    package func configuration() throws -> TransferConfiguration? {
        guard isConfigured else { return nil }
        return try TransferConfiguration.load(from: configurationURL)
    }

    /// The configuration and the secrets it names; throws a ``TransferError/Code/configuration``
    /// error without a configuration file, else the reason either is unusable.
    package func load() throws -> (TransferConfiguration, TransferSecrets) {
        guard let configuration = try configuration() else {
            throw TransferError.configuration("no transfer configuration at \(configurationURL.path)")
        }
        return (configuration, try TransferSecrets.load(file: Self.secretsFile(for: configuration, dataFolder: dataFolder)))
    }

    /// After an item is finalized: with `at-rest` encryption configured, seals the item (encrypts it
    /// and removes the plaintext) and returns the sealed item; otherwise returns it unchanged. Runs
    /// on ``BlockingExecutor/shared`` (importing the key and encrypting block).
    public func sealIfRequired(_ item: CatalogItem, store: DataStore) async throws -> CatalogItem {
        try await BlockingExecutor.shared.run("seal") { [self] () throws(any Error) in
            guard let configuration = try configuration(), configuration.encryption.policy.mode == .atRest else { return item }
            return try Sealer(store: store, policy: configuration.encryption.policy).sealBlocking(item)
        }
    }

    /// At start-up: with `at-rest` encryption configured, finishes seals a crash interrupted and seals
    /// finished items that are still plaintext (``Sealer/recover()``). `nil` when nothing is sealed at
    /// rest; throws when sealing is configured but impossible (e.g. no usable study key). Runs on
    /// ``BlockingExecutor/shared``.
    package func recoverSeals(store: DataStore) async throws -> Sealer.Recovery? {
        try await BlockingExecutor.shared.run("seal recovery") { [self] () throws(any Error) in
            guard let configuration = try configuration(), configuration.encryption.policy.mode == .atRest else { return nil }
            return try Sealer(store: store, policy: configuration.encryption.policy).recoverBlocking()
        }
    }

    /// Before anything of a study that requires encryption (`studyID`) is stored: throws a
    /// ``TransferError/Code/configuration`` error unless the configuration names a usable key, so
    /// that such a study is refused rather than stored in the clear. Throws the sealer's reason when
    /// the key is configured but unusable. The key is imported and checked on
    /// ``BlockingExecutor/shared`` (GPGME blocks).
    public func requireEncryption(for studyID: String, store: DataStore) async throws {
        guard let configuration = try? self.configuration(), configuration.encryption.policy.mode != .none else {
            throw TransferError.configuration(
                "study \(studyID) requires encryption, but \(configurationURL.path) configures none (set encryption.mode, keyFile and fingerprint)")
        }
        _ = try await Sealer.make(store: store, policy: configuration.encryption.policy)
    }
}
