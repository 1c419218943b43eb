import ArgumentParser

/// The exit codes of `study-recorder`, from sysexits(3) so schedulers and scripts can act on them.
extension ExitCode {
    /// 2: everything was done, and a participant needs the experimenter's attention (`collect`: a
    /// monitoring flag raised).
    static let flagged = ExitCode(2)
    /// 64: the command line was wrong.
    static let usage = ExitCode(64)
    /// 65: an input file (study, recording) is malformed.
    static let dataError = ExitCode(65)
    /// 66: an input file does not exist.
    static let noInput = ExitCode(66)
    /// 69: a device the command needs is unavailable: no Bluetooth in the kernel, no adapter, the
    /// headband off, out of range, held by another program, or not a supported model.
    static let unavailable = ExitCode(69)
    /// 73: the data folder cannot be created or written.
    static let cannotCreate = ExitCode(73)
    /// 74: reading or writing failed (disk full, I/O error); what was stored before is kept.
    static let ioError = ExitCode(74)
    /// 75: a temporary failure; run again later (e.g. items still pending upload).
    static let temporaryFailure = ExitCode(75)
    /// 76: a server's answer broke the protocol or the bounds it is held to (`collect`: a listing
    /// without end, or a redirect of the study's folder); a person must look at the server.
    static let protocolError = ExitCode(76)
    /// 77: not allowed: scanning for headbands needs root or CAP_NET_ADMIN and CAP_NET_RAW.
    static let permissionDenied = ExitCode(77)
    /// 78: the configuration is wrong.
    static let configuration = ExitCode(78)
    /// 130: interrupted by Ctrl-C; what was recorded is stored and marked incomplete.
    static let interrupted = ExitCode(130)
}
