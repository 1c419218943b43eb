import Storage
import Synchronization

/// An uploader's ``Sealer``, made when a run first needs it rather than when the uploader is made:
/// making it imports and checks the study key with GPGME (hundreds of milliseconds), and an
/// uploader is made anywhere — in async code, on the cooperative pool — while its runs run on
/// ``BlockingExecutor/shared``, where blocking belongs. Made once: every run of one uploader uses
/// the same sealer, or reports the same problem.
final class LazySealer: Sendable {
    private enum Made: Sendable {
        case sealer(Sealer)
        case problem(String)
    }

    private let store: DataStore
    private let policy: EncryptionPolicy
    private let made = Mutex<Made?>(nil)

    init(store: DataStore, policy: EncryptionPolicy) {
        self.store = store
        self.policy = policy
    }

    /// The sealer, or `nil` and why the study key is unusable. The first call makes it and blocks
    /// meanwhile: call it on a ``BlockingExecutor`` thread.
    func get() -> (sealer: Sealer?, problem: String?) {
        made.withLock { made in
            let current = made ?? make()
            made = current
            switch current {
            case .sealer(let sealer): return (sealer, nil)
            case .problem(let problem): return (nil, problem)
            }
        }
    }

    private func make() -> Made {
        do {
            return .sealer(try Sealer(store: store, policy: policy))
        } catch {
            return .problem("\(error)")
        }
    }
}
