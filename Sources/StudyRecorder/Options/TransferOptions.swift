import ArgumentParser
import Foundation
import Storage
import StudyRecorderKit
import Transfer

/// Where the transfer configuration is: `--config FILE`, else `<data>/transfer.json`. Secrets come from
/// the file the configuration names (default `<data>/private/transfer-secrets.json`, mode 0600) or the
/// environment, never from the command line.
struct TransferOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: ArgumentHelp("The transfer configuration (default: <data>/transfer.json).", valueName: "file"))
    var configPath: String?

    /// The configuration file for the data folder at `data`.
    func url(data: URL) -> URL {
        configPath.map { URL(fileURLWithPath: $0) } ?? data.appendingPathComponent("transfer.json")
    }

    /// The configuration file for the data folder at `data`, checked: a `--config` file that does not
    /// exist exits 66 (it is never silently ignored), and an existing file that is invalid exits 78,
    /// both with one line. Without `--config`, a missing `<data>/transfer.json` means "no transfer".
    func checkedURL(data: URL) throws -> URL {
        let url = url(data: data)
        guard FileManager.default.fileExists(atPath: url.path) else {
            if configPath != nil {
                Terminal.error("no such transfer configuration: \(url.path) (--config)")
                throw ExitCode.noInput
            }
            return url
        }
        do {
            _ = try TransferConfiguration.load(from: url)
        } catch {
            Terminal.error(error)
            throw ExitCode.configuration
        }
        return url
    }

    /// Loads the configuration and secrets; exits 66 when a `--config` file does not exist and 78 with
    /// one line naming any other problem.
    func load(data: URL) throws -> (TransferConfiguration, TransferSecrets) {
        let url = try checkedURL(data: data)
        do {
            return try Self.load(configuration: url, data: data)
        } catch {
            Terminal.error(error)
            throw ExitCode.configuration
        }
    }

    /// Loads the configuration alone, without the secrets (what `upload --dry-run` needs: it plans
    /// from the catalog and contacts no server); exits like ``load(data:)``.
    func loadConfiguration(data: URL) throws -> TransferConfiguration {
        let url = try checkedURL(data: data)
        do {
            guard let configuration = try TransferSetup(dataFolder: data, configuration: url).configuration() else {
                throw TransferError.configuration("no transfer configuration at \(url.path)")
            }
            return configuration
        } catch {
            Terminal.error(error)
            throw ExitCode.configuration
        }
    }

    /// Loads the configuration at `url` and the secrets it names (default
    /// `<data>/private/transfer-secrets.json`); throws the reason when either is unusable.
    static func load(configuration url: URL, data: URL) throws -> (TransferConfiguration, TransferSecrets) {
        try TransferSetup(dataFolder: data, configuration: url).load()
    }

    /// The secrets file `configuration` names, else `<data>/private/transfer-secrets.json`.
    static func secretsFile(for configuration: TransferConfiguration, data: URL) -> URL {
        TransferSetup.secretsFile(for: configuration, dataFolder: data)
    }

    /// The hook after an item is finalized: with a configuration whose encryption is `at-rest`, seals
    /// the item (encrypts it and removes the plaintext) and returns the sealed item. Without a
    /// configuration, or in other modes, returns the item unchanged (``TransferSetup``).
    static func sealIfRequired(_ item: CatalogItem, store: DataStore, configuration url: URL) throws -> CatalogItem {
        try TransferSetup(dataFolder: store.root, configuration: url).sealIfRequired(item, store: store)
    }
}
