/// Why a participant's signed consent could not be printed (``ConsentPrinter``).
package enum ConsentPrintError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No consent PDF is stored for the participant (or, without one named, for anybody).
    case missing(participant: String?, dataFolder: String)
    /// Several participants have one and none was named.
    case ambiguous(participants: [String])
    /// The output lies in the data folder, where the catalog, recovery and upload would see it.
    case insideDataFolder(path: String, dataFolder: String)
    /// The output exists; a consent is never printed over another file.
    case exists(path: String)
    /// The PDF is sealed and the secret key to open it is not usable here.
    case encrypted(path: String, reason: String)
    /// Reading the stored PDF or writing the copy failed.
    case io(path: String, reason: String)

    package var description: String {
        switch self {
        case .missing(let participant?, let folder): "no consent document of participant \(participant) in \(folder)"
        case .missing(nil, let folder): "no consent document in \(folder)"
        case .ambiguous(let participants):
            "\(participants.count) participants have a consent document here; choose one with --participant UUID (\(participants.joined(separator: ", ")))"
        case .insideDataFolder(let path, let folder): "\(path) lies in the data folder \(folder); write the consent elsewhere"
        case .exists(let path): "\(path) exists already; a consent is never printed over a file (choose another --out)"
        case .encrypted(let path, let reason): "\(path) is sealed and cannot be opened with this key ring (\(reason)); pass --gnupg-home with the study's secret key"
        case .io(let path, let reason): "\(path): \(reason)"
        }
    }
}
