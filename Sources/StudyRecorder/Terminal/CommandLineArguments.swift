/// The command line as the parser should see it. Two things argument-parser does not do by itself:
///
/// - A negative number after an option (`--speed -1`) is that option's value. The parser would take
///   `-1` for a short flag and report "Missing value for '--speed'"; joined as `--speed=-1` the
///   option's own check answers instead ("--speed must be a number from 0 …").
/// - `help nosuch` names a command that does not exist; the parser would print the general help and
///   exit 0, so a script never learns that it asked for nothing.
enum CommandLineArguments {
    /// `arguments` with every `--option -number` pair joined into `--option=-number` (up to a `--`
    /// that ends the options).
    static func joiningNegativeValues(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" {
                result += arguments[index...]
                break
            }
            let next = arguments.index(after: index)
            if argument.hasPrefix("--"), !argument.contains("="), next < arguments.endIndex, isNegativeNumber(arguments[next]) {
                result.append("\(argument)=\(arguments[next])")
                index = arguments.index(after: next)
                continue
            }
            result.append(argument)
            index = next
        }
        return result
    }

    /// Whether `text` reads as a negative number (`-1`, `-.5`, `-1e3`, `-inf`, `-nan`) rather than a flag.
    static func isNegativeNumber(_ text: String) -> Bool {
        guard text.hasPrefix("-"), text.count > 1 else { return false }
        let rest = text.dropFirst().lowercased()
        if let first = rest.first, first.isNumber || (first == "." && rest.dropFirst().first?.isNumber == true) { return true }
        return rest == "inf" || rest == "infinity" || rest == "nan"
    }

    /// The topic of `help TOPIC` when it names none of `commands`, else `nil`.
    static func unknownHelpTopic(_ arguments: [String], commands: [String]) -> String? {
        guard arguments.count >= 2, arguments[0] == "help", !arguments[1].hasPrefix("-") else { return nil }
        return commands.contains(arguments[1]) ? nil : arguments[1]
    }
}
