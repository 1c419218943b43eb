import Foundation
import Storage

/// What a data folder held before a command that stores began, so that a command which stored
/// nothing (`record` with a headband that is not there) takes back what it made on the way: a data
/// folder it created is removed whole; in a folder that existed, a participant it registered leaves
/// the registry again (the registry file too, when this run made it and it is empty now) and that
/// participant's folder goes when this run made it and it is still empty. Nothing that existed
/// before is ever removed.
struct DataFolderFootprint {
    /// The data folder.
    let root: URL
    private let folderExisted: Bool
    private let registryExisted: Bool
    private var known: Set<String> = []
    private var participantFolders: Set<String> = []

    /// Looks at `root` before anything is opened or created there.
    init(root: URL) {
        self.root = root.standardizedFileURL
        let fm = FileManager.default
        folderExisted = fm.fileExists(atPath: self.root.path)
        registryExisted = fm.fileExists(atPath: self.root.appendingPathComponent("private/participants.json").path)
        if folderExisted { participantFolders = Set((try? fm.contentsOfDirectory(atPath: self.root.path)) ?? []) }
    }

    /// Reads who is registered, once the store is open and before a participant is resolved.
    mutating func noteParticipants(in store: DataStore) {
        known = Set(((try? ParticipantRegistry(store: store).all()) ?? []).map { $0.id.lowercased() })
    }

    /// Removes what this command created for `participant` (see the type); best effort, as it runs
    /// on the way out of a failure that is reported instead.
    func undo(participant: String?, store: DataStore?) {
        let fm = FileManager.default
        guard folderExisted else {
            try? fm.removeItem(at: root)
            return
        }
        guard let participant, let store, !known.contains(participant.lowercased()) else { return }
        if let registry = try? ParticipantRegistry(store: store) {
            try? registry.remove(id: participant)
            if !registryExisted, (try? registry.all())?.isEmpty == true { try? fm.removeItem(at: registry.url) }
        }
        if !participantFolders.contains(participant) {
            // rmdir: only an empty folder goes.
            _ = rmdir(root.appendingPathComponent(participant).path)
        }
    }
}
