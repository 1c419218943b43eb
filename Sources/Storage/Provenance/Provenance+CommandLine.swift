extension Provenance {
    /// The options whose values could identify a person: the participant's or a helper's name, an
    /// e-mail address, a WebDAV user or password. Their values are stored as ``leftOut``.
    public static let identifyingOptions: Set<String> = ["--name", "--helper", "--email", "--user", "--password", "--signature"]

    /// What stands where an identifying value was.
    public static let leftOut = "(left out)"

    /// What stands for the folders of a path whose last component alone is kept.
    public static let folders = "…/"

    /// `arguments` (as `CommandLine.arguments`) as stored: the program by its file name only; the
    /// value of every option in ``identifyingOptions`` (`--name Ada`, `--name=Ada`) replaced by
    /// ``leftOut``; and of every path only its last component (`/home/ada/study-data` →
    /// `…/study-data`, `unix:/tmp/muse.sock` → `unix:…/muse.sock`), since a participant's own device
    /// may hold their name in a folder's. The command, source, speed and other values are kept as typed.
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
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                let option = String(argument[..<equals])
                let value = String(argument[argument.index(after: equals)...])
                result.append(option + "=" + (identifyingOptions.contains(option) ? leftOut : lastComponent(value)))
                continue
            }
            if identifyingOptions.contains(argument) { hideNext = true }
            result.append(argument.hasPrefix("-") ? argument : lastComponent(argument))
        }
        return result
    }

    /// `value` with the folders of a path in it replaced by ``folders`` (a `scheme:` prefix such as
    /// `unix:` kept); a value without `/` as it is.
    private static func lastComponent(_ value: String) -> String {
        guard let slash = value.lastIndex(of: "/") else { return value }
        var prefix = ""
        if let colon = value.firstIndex(of: ":"), colon < slash, !value[..<colon].contains("/") { prefix = String(value[...colon]) }
        let last = String(value[value.index(after: slash)...])
        return prefix + folders + last
    }
}
