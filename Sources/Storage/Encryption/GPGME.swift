import CGPGME
import Foundation

/// Internal helpers around the GPGME C API: one-time initialisation, contexts bound to a home
/// directory, error text. Nothing outside Storage sees GPGME.
enum GPGME {
    /// `gpgme_check_version` must run before any other call; a global `let` runs it exactly once.
    private static let version: String? = {
        guard let v = gpgme_check_version(nil) else { return nil }
        return String(cString: v)
    }()

    /// A new OpenPGP context whose engine uses the key ring in `home`.
    static func context(home: URL) throws -> OpaquePointer {
        guard version != nil else { throw EncryptionError.gpgme(operation: "initialisation", reason: "GPGME is not operational") }
        var ctx: gpgme_ctx_t?
        try check(gpgme_new(&ctx), "creating a context")
        guard let ctx else { throw EncryptionError.gpgme(operation: "creating a context", reason: "no context") }
        do {
            try check(gpgme_set_protocol(ctx, GPGME_PROTOCOL_OpenPGP), "selecting OpenPGP")
            try check(gpgme_ctx_set_engine_info(ctx, GPGME_PROTOCOL_OpenPGP, nil, home.path), "setting the key ring \(home.path)")
        } catch {
            gpgme_release(ctx)
            throw error
        }
        return ctx
    }

    /// Throws ``EncryptionError/gpgme(operation:reason:)`` for a non-zero error.
    static func check(_ error: gpgme_error_t, _ operation: String) throws {
        guard error != 0 else { return }
        throw EncryptionError.gpgme(operation: operation, reason: describe(error))
    }

    /// GPGME's text for an error.
    static func describe(_ error: gpgme_error_t) -> String {
        guard let text = gpgme_strerror(error) else { return "error \(error)" }
        return String(cString: text)
    }
}
