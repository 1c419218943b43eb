extension Provenance {
    /// The options whose values could identify a person: the participant's or a helper's name, an
    /// e-mail address, a WebDAV user or password. Their values are stored as ``leftOut``.
    public static let identifyingOptions: Set<String> = ["--name", "--helper", "--email", "--user", "--password", "--signature"]

    /// What stands where an identifying value was.
    public static let leftOut = "(left out)"

    /// `arguments` (as `CommandLine.arguments`) as stored: the program by its file name only, and the
    /// value of every option in ``identifyingOptions`` (`--name Ada`, `--name=Ada`) replaced by
    /// ``leftOut``. Everything else (the command, source, speed, study, paths) is kept as typed.
    public static func redacting(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var hideNext = false
        for (i, argument) in arguments.enumerated() {
            if i == 0 {
                result.append(argument.split(separator: "/").last.map(String.init) ?? argument)
                continue
            }
            if hideNext {
                result.append(leftOut)
                hideNext = false
                continue
            }
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--"), identifyingOptions.contains(String(argument[..<equals])) {
                result.append(String(argument[..<equals]) + "=" + leftOut)
                continue
            }
            if identifyingOptions.contains(argument) { hideNext = true }
            result.append(argument)
        }
        return result
    }
}
