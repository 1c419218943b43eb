import CCurl
import DataSources
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One libcurl easy handle, confined to the one thread that performs its transfers (see
/// ``CurlSession``); it owns the header lists, MIME parts and callback state that must outlive the
/// setup calls until `curl_easy_perform` returns.
///
/// The handle is reused request after request (``reset()`` between them): libcurl keeps its
/// connection cache, DNS cache and TLS session across `curl_easy_reset`, so a run's requests share
/// one kept-alive connection, and a connection the server dropped is replaced transparently.
final class CurlEasy {
    private let handle: UnsafeMutableRawPointer
    private var lists: [UnsafeMutablePointer<curl_slist>] = []
    private var mime: OpaquePointer?
    private var state = TransferState()
    private let errorBuffer: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        buffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        return buffer
    }()

    /// Callback state reached from C through an unretained pointer while ``perform()`` runs.
    final class TransferState {
        var uploadDescriptor: Int32 = -1
        var uploadData = Data()
        var uploadOffset = 0
        var body = Data()
        var bodyLimit = 1 << 20
        var headers: [String: String] = [:]
        var progress: (@Sendable (Int64, Int64) -> Void)?
        var readError: Int32 = 0
        var uploadSize: Int64 = 0
        var connection: ConnectionSettings?
        var cancellation: SetOnceFlag?
        /// The status of the latest status line (`HTTP/1.1 206 …`), while the answer arrives.
        var status = 0
        /// Where a download's body goes (``download(to:expectedSize:progress:)``); -1 for memory.
        var downloadDescriptor: Int32 = -1
        var downloadSize: Int64 = 0
        var downloadStarted = false
        var downloadProgress: (@Sendable (Int64, Int64) -> Void)?
        var writeError: Int32 = 0
        /// The most bytes a download's file may reach (``download(to:expectedSize:limit:progress:)``),
        /// or -1; where a download now ends in its file, and whether the bound stopped it.
        var downloadLimit: Int64 = -1
        var downloadPosition: Int64 = 0
        /// Whether an answer longer than ``bodyLimit`` is an error rather than cut silently, and
        /// whether one was.
        var bodyLimitIsStrict = false
        var overflowed = false
        /// A bound on the whole request's time, in seconds, below the one worked out from its size.
        var timeLimit: Double?
    }

    /// `STUDY_RECORDER_CURL_VERBOSE=1` makes libcurl describe every connection and request on standard
    /// error (connects, reuse, "seems to be dead", the headers sent, including `Authorization`), to see
    /// what happens on the wire while debugging against a test server; off by default.
    static let verbose = ProcessInfo.processInfo.environment["STUDY_RECORDER_CURL_VERBOSE"] == "1"

    init() throws {
        guard let h = curl_easy_init() else { throw TransferError.configuration("libcurl could not create a handle") }
        handle = h
        applyDefaults()
    }

    /// Forgets the previous request's options and state but keeps the handle's connections, DNS and
    /// TLS session caches, so the next request reuses the open connection.
    func reset() {
        curl_easy_reset(handle)
        if let mime { curl_mime_free(mime) }
        mime = nil
        for list in lists { curl_slist_free_all(list) }
        lists = []
        state = TransferState()
        errorBuffer[0] = 0
        applyDefaults()
    }

    /// The options every request has: no signals, no redirects, the user agent, and the callbacks
    /// that collect the answer and watch for cancellation.
    private func applyDefaults() {
        ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        ccurl_setopt_long(handle, CURLOPT_TCP_KEEPALIVE, 1)
        if Self.verbose { ccurl_setopt_long(handle, CURLOPT_VERBOSE, 1) }
        ccurl_setopt_string(handle, CURLOPT_USERAGENT, TransferModule.userAgent)
        ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        let context = Unmanaged.passUnretained(state).toOpaque()
        ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        ccurl_setopt_write_function(handle) { data, size, count, context in
            guard let data, let context else { return 0 }
            let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
            let n = size * count
            if state.downloadDescriptor >= 0 && (state.status == 200 || state.status == 206) {
                return CurlEasy.writeDownload(state, UnsafeRawPointer(data), n)
            }
            if state.bodyLimitIsStrict && state.body.count + n > state.bodyLimit {
                state.overflowed = true
                return 0
            }
            if state.body.count < state.bodyLimit {
                state.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: min(n, state.bodyLimit - state.body.count))
            }
            return n
        }
        ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        ccurl_setopt_header_function(handle) { data, size, count, context in
            guard let data, let context else { return 0 }
            let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
            let n = size * count
            CurlEasy.readHeaderLine(UnsafeRawBufferPointer(start: data, count: n), into: state)
            return n
        }
        ccurl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context)
        ccurl_setopt_xferinfo_function(handle) { context, downloadTotal, downloaded, uploadTotal, uploaded in
            guard let context else { return 0 }
            let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
            // A non-zero return aborts the transfer (CURLE_ABORTED_BY_CALLBACK): the task was cancelled.
            if state.cancellation?.isSet == true { return 1 }
            state.progress?(Int64(uploaded), Int64(uploadTotal))
            state.downloadProgress?(Int64(downloaded), Int64(downloadTotal))
            return 0
        }
        // The progress callback also watches for cancellation, so it runs for every transfer.
        ccurl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)
    }

    /// Reads one line of the answer's head into `state`: a status line (`HTTP/1.1 201 Created`)
    /// starts a new head (after `100 Continue`, or a redirect's) and sets the status; a `Name: value`
    /// line is kept under the lowercased name. Works on the bytes (ASCII, as HTTP heads are): it runs
    /// for every line of every answer, on the critical path between one request and the next.
    static func readHeaderLine(_ line: UnsafeRawBufferPointer, into state: TransferState) {
        let bytes = line.bindMemory(to: UInt8.self)
        if bytes.starts(with: "HTTP/".utf8) {
            state.headers = [:]
            var status = 0
            if let space = bytes.firstIndex(of: UInt8(ascii: " ")) {
                for byte in bytes[(space + 1)...] {
                    guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { break }
                    status = status * 10 + Int(byte - UInt8(ascii: "0"))
                }
            }
            state.status = status
            return
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        var start = colon + 1, end = bytes.count
        while start < end && isSpace(bytes[start]) { start += 1 }
        while end > start && isSpace(bytes[end - 1]) { end -= 1 }
        // Both strings are made from contiguous bytes (a lazy map or a slice took Swift's generic,
        // type-checking path for every line).
        let name = String(unsafeUninitializedCapacity: colon) { buffer in
            for i in 0..<colon {
                let byte = bytes[i]
                buffer[i] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            }
            return colon
        }
        state.headers[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Aborts the transfer (within about a second) once `cancellation` is set.
    func cancel(on cancellation: SetOnceFlag) { state.cancellation = cancellation }

    deinit {
        if let mime { curl_mime_free(mime) }
        for list in lists { curl_slist_free_all(list) }
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// Sets the URL and which protocols it may use (e.g. `http,https`); redirects are never followed.
    func url(_ url: String, protocols: String) {
        ccurl_setopt_string(handle, CURLOPT_URL, url)
        ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, protocols)
    }

    /// Applies certificate checks and time limits: the connection, the lowest speed (a trickling
    /// server is cut off after ``ConnectionSettings/stallTimeout``) and a total bound set in ``perform()``.
    func connection(_ settings: ConnectionSettings) {
        state.connection = settings
        if let ca = settings.caFile { ccurl_setopt_string(handle, CURLOPT_CAINFO, ca) }
        if settings.insecure {
            ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 0)
            ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 0)
        } else {
            ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
            ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
        }
        ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(settings.connectTimeout * 1000)))
        ccurl_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, max(1, settings.minimumSpeed))
        ccurl_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, max(1, Int(settings.stallTimeout.rounded(.up))))
        ccurl_setopt_long(handle, CURLOPT_SERVER_RESPONSE_TIMEOUT, max(1, Int(settings.stallTimeout.rounded(.up))))
    }

    /// Sends `credentials` with HTTP Basic authentication (or SMTP AUTH), never in the URL.
    func credentials(_ credentials: Credentials?, basic: Bool = true) {
        guard let credentials else { return }
        ccurl_setopt_string(handle, CURLOPT_USERNAME, credentials.user)
        ccurl_setopt_string(handle, CURLOPT_PASSWORD, credentials.password)
        if basic { ccurl_setopt_long(handle, CURLOPT_HTTPAUTH, CCURL_AUTH_BASIC) }
    }

    /// Sets the request method (`PUT` uploads set it themselves).
    func method(_ method: String) {
        switch method {
        case "GET": ccurl_setopt_long(handle, CURLOPT_HTTPGET, 1)
        case "HEAD": ccurl_setopt_long(handle, CURLOPT_NOBODY, 1)
        default: ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
        }
    }

    /// Adds request header lines (`Name: value`).
    func headers(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines { list = curl_slist_append(list, line) }
        if let list {
            lists.append(list)
            ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, list)
        }
    }

    /// Uploads `size` bytes read from the open file `descriptor` (PUT for HTTP), streaming in small
    /// pieces; `progress` receives (sent, total).
    func upload(descriptor: Int32, size: Int64, progress: (@Sendable (Int64, Int64) -> Void)?) {
        state.uploadDescriptor = descriptor
        state.uploadSize = size
        state.progress = progress
        ccurl_setopt_long(handle, CURLOPT_UPLOAD, 1)
        ccurl_setopt_off(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(size))
        ccurl_setopt_long(handle, CURLOPT_UPLOAD_BUFFERSIZE, 512 * 1024)
        let context = Unmanaged.passUnretained(state).toOpaque()
        ccurl_setopt_pointer(handle, CURLOPT_READDATA, context)
        ccurl_setopt_read_function(handle) { buffer, size, count, context in
            guard let buffer, let context else { return Int(CCURL_READFUNC_ABORT) }
            let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
            while true {
                let n = read(state.uploadDescriptor, buffer, size * count)
                if n >= 0 { return n }
                if errno == EINTR { continue }
                state.readError = errno
                return Int(CCURL_READFUNC_ABORT)
            }
        }
        // A kept-alive connection the server closed meanwhile makes libcurl send the request again on
        // a new one: it rewinds the body through this callback.
        ccurl_setopt_pointer(handle, CURLOPT_SEEKDATA, context)
        ccurl_setopt_seek_function(handle) { context, offset, origin in
            guard let context else { return CCURL_SEEKFUNC_CANTSEEK }
            let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
            return lseek(state.uploadDescriptor, off_t(offset), origin) < 0 ? CCURL_SEEKFUNC_CANTSEEK : CCURL_SEEKFUNC_OK
        }
    }

    /// Uploads `data` (PUT for HTTP) from memory: for a body made on the spot (a manifest), no file is
    /// written and read back.
    func upload(data: Data) {
        state.uploadData = data
        state.uploadOffset = 0
        state.uploadSize = Int64(data.count)
        ccurl_setopt_long(handle, CURLOPT_UPLOAD, 1)
        ccurl_setopt_off(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(data.count))
        let context = Unmanaged.passUnretained(state).toOpaque()
        ccurl_setopt_pointer(handle, CURLOPT_READDATA, context)
        ccurl_setopt_read_function(handle) { buffer, size, count, context in
            guard let buffer, let context else { return Int(CCURL_READFUNC_ABORT) }
            let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
            let n = min(size * count, state.uploadData.count - state.uploadOffset)
            guard n > 0 else { return 0 }
            state.uploadData.withUnsafeBytes { raw in
                if let base = raw.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base + state.uploadOffset, byteCount: n) }
            }
            state.uploadOffset += n
            return n
        }
        // A kept-alive connection the server closed meanwhile makes libcurl send the request again on
        // a new one: it rewinds the body through this callback.
        ccurl_setopt_pointer(handle, CURLOPT_SEEKDATA, context)
        ccurl_setopt_seek_function(handle) { context, offset, origin in
            guard let context else { return CCURL_SEEKFUNC_CANTSEEK }
            let state = Unmanaged<TransferState>.fromOpaque(context).takeUnretainedValue()
            guard origin == SEEK_SET, offset >= 0, Int(offset) <= state.uploadData.count else { return CCURL_SEEKFUNC_CANTSEEK }
            state.uploadOffset = Int(offset)
            return CCURL_SEEKFUNC_OK
        }
    }

    /// Streams a successful answer's body (200, or 206 for a range) into the open file `descriptor`
    /// at its current offset; a 200 (the whole file, e.g. after a refused range) first empties the
    /// file. Any other answer's body is kept in memory as usual. `expectedSize` bounds the time limit;
    /// `limit`, when given, the file: an answer announcing more (its `Content-Length`) is not
    /// started, and one sending more is stopped at the bound (``perform()`` throws
    /// ``TransferError/Code/tooLarge``), whatever the server said it would send.
    func download(to descriptor: Int32, expectedSize: Int64, limit: Int64? = nil, progress: (@Sendable (Int64, Int64) -> Void)?) {
        state.downloadDescriptor = descriptor
        state.downloadSize = max(0, expectedSize)
        state.downloadProgress = progress
        if let limit {
            state.downloadLimit = max(0, limit)
            ccurl_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(max(0, limit)))
        }
    }

    /// Writes `count` bytes of a download's body; returns `count`, or 0 (which makes libcurl stop with
    /// a write error) when the disk refuses them.
    private static func writeDownload(_ state: TransferState, _ data: UnsafeRawPointer, _ count: Int) -> Int {
        let fd = state.downloadDescriptor
        if !state.downloadStarted {
            state.downloadStarted = true
            if state.status == 200 && (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) < 0) {
                state.writeError = errno
                return 0
            }
            state.downloadPosition = Int64(lseek(fd, 0, SEEK_CUR))
        }
        if state.downloadLimit >= 0 && state.downloadPosition + Int64(count) > state.downloadLimit {
            state.overflowed = true
            return 0
        }
        state.downloadPosition += Int64(count)
        var written = 0
        while written < count {
            let n = write(fd, data + written, count - written)
            if n < 0 {
                if errno == EINTR { continue }
                state.writeError = errno
                return 0
            }
            written += n
        }
        return count
    }

    /// Sends `data` as the request body with the method set by ``method(_:)``.
    func body(_ data: Data) {
        ccurl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(data.count))
        data.withUnsafeBytes { raw in
            _ = ccurl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: raw.baseAddress))
        }
    }

    /// Keeps at most `limit` bytes of the response body; when `strict`, a longer answer stops the
    /// transfer there and ``perform()`` throws ``TransferError/Code/tooLarge``.
    func responseLimit(_ limit: Int, strict: Bool = false) {
        state.bodyLimit = limit
        state.bodyLimitIsStrict = strict
    }

    /// Bounds the whole request to `seconds` (it is also bounded by its size; the lower bound holds).
    func timeLimit(_ seconds: Double) { state.timeLimit = seconds }

    /// SMTP envelope: sender and recipients; STARTTLS required unless `allowPlain`.
    func mail(from: String, to: [String], requireTLS: Bool) {
        ccurl_setopt_string(handle, CURLOPT_MAIL_FROM, "<\(from)>")
        var list: UnsafeMutablePointer<curl_slist>?
        for r in to { list = curl_slist_append(list, "<\(r)>") }
        if let list {
            lists.append(list)
            ccurl_setopt_slist(handle, CURLOPT_MAIL_RCPT, list)
        }
        ccurl_setopt_long(handle, CURLOPT_USE_SSL, Int(requireTLS ? CURLUSESSL_ALL.rawValue : CURLUSESSL_TRY.rawValue))
    }

    /// A MIME message body: a text part, then each file as a base64 attachment streamed from disk.
    func mime(text: String, attachments: [(file: URL, name: String, type: String)]) throws {
        guard let m = curl_mime_init(handle) else { throw TransferError.mail("cannot build the message") }
        mime = m
        let textPart = curl_mime_addpart(m)
        curl_mime_data(textPart, text, Int(CURL_ZERO_TERMINATED))
        curl_mime_type(textPart, "text/plain; charset=utf-8")
        for attachment in attachments {
            let part = curl_mime_addpart(m)
            guard curl_mime_filedata(part, attachment.file.path) == CURLE_OK else {
                throw TransferError.localFile(path: attachment.file.path, reason: "cannot attach")
            }
            curl_mime_filename(part, attachment.name)
            curl_mime_type(part, attachment.type)
            curl_mime_encoder(part, "base64")
        }
        ccurl_setopt_mime(handle, m)
    }

    /// Performs the transfer. A transport failure throws ``TransferError/network(code:message:)``; any
    /// server answer (including errors) is returned.
    func perform() throws -> CurlResponse {
        if let settings = state.connection {
            var seconds = settings.maximumDuration(bytes: state.uploadSize + state.downloadSize + Int64(state.bodyLimit))
            if let limit = state.timeLimit { seconds = min(seconds, max(0.001, limit)) }
            ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(min(seconds * 1000, Double(Int32.max))))
        }
        let code = curl_easy_perform(handle)
        if code == CURLE_ABORTED_BY_CALLBACK, state.cancellation?.isSet == true { throw CancellationError() }
        if state.overflowed || code == CURLE_FILESIZE_EXCEEDED {
            let bound = state.downloadLimit >= 0 ? state.downloadLimit : Int64(state.bodyLimit)
            throw TransferError(.tooLarge, "the answer is longer than \(bound) bytes; cut off there")
        }
        if state.writeError != 0 {
            throw TransferError.localFile(path: "download target", reason: String(cString: strerror(state.writeError)), errno: state.writeError)
        }
        if state.readError != 0 {
            throw TransferError.localFile(path: "upload source", reason: String(cString: strerror(state.readError)), errno: state.readError)
        }
        var status = 0
        ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            throw TransferError.network(code: Int(code.rawValue), message: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
        }
        return CurlResponse(status: status, headers: state.headers, body: state.body)
    }
}
