import ArgumentParser
import Foundation
import Storage
import Transfer

/// Where the transfer configuration is: `--config FILE`, else `<data>/transfer.json`. Secrets come from
/// the file the configuration names (default `<data>/private/transfer-secrets.json`, mode 0600) or the
/// environment, never from the command line. The conventions themselves are Transfer's
/// ``TransferSetup``; this only reads the option and says what is wrong with it.
struct TransferOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: ArgumentHelp("The transfer configuration (default: <data>/transfer.json).", valueName: "file"))
    var configPath: String?

    /// The transfer setup of the data folder at `data`.
    func setup(data: URL) -> TransferSetup {
        TransferSetup(dataFolder: data, configuration: configPath.map { URL(fileURLWithPath: $0) })
    }

    /// The configuration file for the data folder at `data`.
    func url(data: URL) -> URL { setup(data: data).configurationURL }

    /// The configuration file for the data folder at `data`, checked: a `--config` file that does not
    /// exist exits 66 (it is never silently ignored), and an existing file that is invalid exits 78,
    /// both with one line. Without `--config`, a missing `<data>/transfer.json` means "no transfer".
    func checkedURL(data: URL) throws -> URL {
        let setup = setup(data: data)
        guard setup.isConfigured else {
            if configPath != nil { throw CommandError.missingInput("no such transfer configuration: \(setup.configurationURL.path) (--config)") }
            return setup.configurationURL
        }
        _ = try setup.configuration()
        return setup.configurationURL
    }

    /// Loads the configuration and secrets; exits 66 when a `--config` file does not exist and 78 with
    /// one line naming any other problem.
    func load(data: URL) throws -> (TransferConfiguration, TransferSecrets) {
        _ = try checkedURL(data: data)
        return try setup(data: data).load()
    }

    /// Loads the configuration alone, without the secrets (what `upload --dry-run` needs: it plans
    /// from the catalog and contacts no server); exits like ``load(data:)``.
    func loadConfiguration(data: URL) throws -> TransferConfiguration {
        _ = try checkedURL(data: data)
        let setup = setup(data: data)
        guard let configuration = try setup.configuration() else {
            throw TransferError.configuration("no transfer configuration at \(setup.configurationURL.path)")
        }
        return configuration
    }
}
