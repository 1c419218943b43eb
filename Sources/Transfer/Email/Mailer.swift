import Foundation

/// Sends items as MIME attachments over SMTP (STARTTLS required by default, optional AUTH): the
/// fallback when WebDAV keeps failing.
///
/// ```swift
/// let mailer = Mailer(settings: email, credentials: secrets.smtp)
/// for batch in mailer.batches(attachments) { try await mailer.send(batch) }
/// ```
package struct Mailer: Sendable {
    /// Server, addresses and limits.
    package let settings: EmailSettings
    /// The SMTP account, if the relay needs one.
    package let credentials: Credentials?

    /// A mailer for `settings`.
    package init(settings: EmailSettings, credentials: Credentials?) {
        self.settings = settings
        self.credentials = credentials
    }

    /// Splits `attachments` (in order) into groups whose messages stay under the size limit; an
    /// attachment too large for any message is returned in `tooLarge`.
    package func batches(_ attachments: [MailAttachment]) -> (batches: [[MailAttachment]], tooLarge: [MailAttachment]) {
        let budget = settings.maxMessageBytes - 4096
        var batches: [[MailAttachment]] = [], tooLarge: [MailAttachment] = []
        var current: [MailAttachment] = [], used = 0
        for a in attachments {
            guard a.encodedSize <= budget else { tooLarge.append(a); continue }
            if used + a.encodedSize > budget, !current.isEmpty {
                batches.append(current)
                current = []
                used = 0
            }
            current.append(a)
            used += a.encodedSize
        }
        if !current.isEmpty { batches.append(current) }
        return (batches, tooLarge)
    }

    /// Sends one message with `attachments`. Returns only when the server accepted it (250 after DATA).
    package func send(_ attachments: [MailAttachment]) async throws {
        let settings = settings, credentials = credentials
        let text =
            "StudyRecorder: \(attachments.count) file(s) attached.\n\n"
            + attachments.map { "- \($0.name) (\($0.size) bytes)" }.joined(separator: "\n") + "\n"
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let domain = settings.from.split(separator: "@").last.map(String.init) ?? "localhost"
        let headers = [
            "From: <\(settings.from)>",
            "To: " + settings.to.map { "<\($0)>" }.joined(separator: ", "),
            "Subject: \(settings.subject)",
            "Date: \(formatter.string(from: Date()))",
            "Message-ID: <\(UUID().uuidString)@\(domain)>",
        ]
        let files = attachments.map { (file: $0.file, name: $0.name, type: $0.contentType) }
        do {
            _ = try await Curl.perform { easy in
                easy.url(settings.url, protocols: "smtp,smtps")
                easy.connection(settings.connection)
                easy.credentials(credentials, basic: false)
                easy.mail(from: settings.from, to: settings.to, requireTLS: settings.requireTLS)
                easy.headers(headers)
                try easy.mime(text: text, attachments: files)
            }
        } catch let error as TransferError where error.code == .network {
            throw TransferError.mail(error.message, curlCode: error.curlCode)
        }
    }
}
