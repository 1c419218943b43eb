import ArgumentParser

/// A failure a command states in its own words: the line `study-recorder` prints on standard error
/// and the code it exits with. Commands throw it where the words depend on what the command was
/// asked (a file the user named, an option's value, the participant's language); the entry point
/// prints it once and exits once, like every other error (``ExitStatus``).
struct CommandFailure: Error, CustomStringConvertible {
    /// The exit code.
    let code: ExitCode
    /// The line printed (after the tool's name when ``prefixed``).
    let line: String
    /// Whether the line is printed after the tool's name; a file's own complaint (`path: problem`)
    /// is printed as it is.
    var prefixed = true

    /// A failure saying `line`, exiting with `code`.
    init(_ code: ExitCode, _ line: String) {
        self.code = code
        self.line = line
    }

    /// `error` exiting with `code` instead of its code in the table (what it means here), said as
    /// the table says it.
    init(_ code: ExitCode, _ error: any Error) {
        self.init(code, CommandHint.line("\(error)", for: error))
    }

    /// `error` as the table says it, exiting with its code in the table, or 1 when the table does not
    /// know it: what a command throws when it cannot say more than the error does.
    init(_ error: any Error) {
        self.init(ExitStatus.of(error)?.code ?? .failure, error)
    }

    /// `error` said in the command's words `line` (e.g. in the participant's language), exiting with
    /// its code in the table.
    init(_ error: any Error, line: String) {
        self.init(ExitStatus.of(error)?.code ?? .failure, line)
    }

    /// `line` printed as it is, without the tool's name, exiting with `code`.
    static func plain(_ code: ExitCode, _ line: String) -> CommandFailure {
        var failure = CommandFailure(code, line)
        failure.prefixed = false
        return failure
    }

    var description: String { line }
}
