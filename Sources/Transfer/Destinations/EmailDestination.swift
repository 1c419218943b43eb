/// Delivers payloads as attachments of as few e-mails as the size limit allows (``Mailer``): the
/// fallback when WebDAV keeps failing. A payload too large for any message is refused
/// (``TransferError/Code/rejected``); a message the server did not accept fails all its payloads.
package struct EmailDestination: UploadDestination {
    /// `email`.
    package var via: String { "email" }
    /// The mailer that sends.
    package let mailer: Mailer

    /// A destination for `settings` with the SMTP account `credentials`.
    package init(settings: EmailSettings, credentials: Credentials?) {
        mailer = Mailer(settings: settings, credentials: credentials)
    }

    /// `mailto:` and the recipients, the remote name of every mailed payload.
    package var remote: String { "mailto:" + mailer.settings.to.joined(separator: ",") }

    package func deliver(_ payload: UploadPayload, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws(TransferError) -> UploadDelivery
    {
        try await deliver(batch: [payload])[0].get()
    }

    package func deliver(batch: [UploadPayload]) async -> [Result<UploadDelivery, TransferError>] {
        var results = [Result<UploadDelivery, TransferError>](repeating: .failure(.cancelled), count: batch.count)
        let attachments = batch.map { MailAttachment(file: $0.file, name: $0.name, size: $0.size) }
        let (messages, tooLarge) = mailer.batches(attachments)
        func indices(_ group: [MailAttachment]) -> [Int] {
            group.compactMap { a in batch.firstIndex { $0.file == a.file } }
        }
        for i in indices(tooLarge) { results[i] = .failure(.rejected("too large to mail (email.maxMessageBytes)")) }
        for message in messages {
            let members = indices(message)
            if Task.isCancelled { continue }
            do {
                try await mailer.send(message)
                for i in members { results[i] = .success(UploadDelivery(via: via, remote: remote)) }
            } catch {
                for i in members { results[i] = .failure(.from(error)) }
            }
        }
        return results
    }
}
