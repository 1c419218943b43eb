/// Why `collect` could not run at all (a bad item is a ``CollectionProblem``, not an error).
package enum CollectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another `collect` works on this dataset.
    case busy(dataset: String)
    /// The local copy to read does not exist or cannot be read.
    case noSource(String)
    /// The server refused the account or the listing (HTTP 401/403): the read account's user,
    /// password or rights need fixing.
    case refused(String)
    /// The server could not be reached or failed; trying again later may work.
    case unreachable(String)
    /// The dataset's folder or its state cannot be written.
    case io(path: String, reason: String)
    /// The folder consent records are to be decrypted into lies inside the dataset, which is shared.
    case consentInsideDataset(folder: String, dataset: String)
    /// The disk holding the dataset (or the scratch) is full: the run stopped, keeping what it had
    /// completed; the next run, with space freed, does what was missing.
    case diskFull(path: String)
    /// The server's answer to the study's listing broke a bound or the protocol (``CollectionLimits``):
    /// a person must look at the server.
    case untrustedAnswer(String)

    package var description: String {
        switch self {
        case .busy(let dataset): "another collect is working on \(dataset); nothing done"
        case .noSource(let why): "cannot read the study's uploads: \(why)"
        case .refused(let why): "the server refused the read account: \(why); check the user, password and its rights (GET, PROPFIND)"
        case .unreachable(let why): "cannot read the study's uploads: \(ServerName.display(why, limit: 300)); try again later"
        case .io(let path, let reason): "\(path): \(reason)"
        case .diskFull(let path): "\(path): the disk is full; what was collected is kept, and the next collect with space freed does the rest"
        case .untrustedAnswer(let why): "the server's listing of the study cannot be used: \(ServerName.display(why, limit: 300))"
        case .consentInsideDataset(let folder, let dataset):
            "\(folder) lies inside the dataset \(dataset), which is shared: put the consent records in a folder of their own outside it"
        }
    }
}
