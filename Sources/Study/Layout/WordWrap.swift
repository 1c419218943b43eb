/// Fits a participant's text to a terminal width by breaking lines between words, so that nothing
/// is cut mid-word at the screen's edge (`Muse-St` / `irnband`). A line keeps its own line breaks;
/// a line that is too long continues under its first word (an indented hint or a numbered choice
/// stays indented). A word longer than the width (a stored path) breaks after a `/` and only where
/// it has none is it cut, as nothing else fits.
///
/// ```swift
/// WordWrap.wrap("  1) eine sehr lange Antwort", width: 16)
/// // "  1) eine sehr\n     lange\n     Antwort"
/// ```
package enum WordWrap {
    /// `text` with every line at most `width` characters (grapheme clusters); `width` below 10 is
    /// taken as 10, so a hanging indent always leaves room.
    package static func wrap(_ text: String, width: Int) -> String {
        let width = max(10, width)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { wrapLine(String($0), width: width) }
            .joined(separator: "\n")
    }

    private static func wrapLine(_ line: String, width: Int) -> String {
        guard line.count > width else { return line }
        let leading = String(line.prefix { $0 == " " })
        // The words with the spaces before each, as written: kept inside a line, dropped at a break.
        var tokens: [(space: String, word: String)] = []
        var space = ""
        var word = ""
        for character in line.dropFirst(leading.count) {
            if character == " " {
                if !word.isEmpty {
                    tokens.append((space, word))
                    space = ""
                    word = ""
                }
                space.append(character)
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { tokens.append((space, word)) }
        // Continuation lines start under the first word after a list marker ("1) ", "- "), else
        // under the line's own indentation; never so deep that less than half the width is left.
        var hanging = leading
        if let first = tokens.first?.word, tokens.count > 1, first.count <= 4, first.last == ")" || first == "-" || first == "•" {
            hanging += String(repeating: " ", count: first.count + tokens[1].space.count)
        }
        if hanging.count > width / 2 { hanging = leading.count > width / 2 ? "" : leading }
        var lines: [String] = []
        var current = leading
        var currentHasWord = false
        for token in tokens {
            let separator = currentHasWord ? token.space : ""
            if current.count + separator.count + token.word.count <= width {
                current += separator + token.word
                currentHasWord = true
                continue
            }
            // A word no line holds (a stored path) starts on this line when it breaks after a `/`
            // within the room left; each further piece takes a line of its own.
            if currentHasWord, token.word.count > width - hanging.count {
                let parts = pieces(of: token.word, room: width - current.count - separator.count, width: width - hanging.count)
                if parts.count > 1, parts[0].hasSuffix("/"), current.count + separator.count + parts[0].count <= width {
                    current += separator + parts[0]
                    for piece in parts.dropFirst() {
                        lines.append(current)
                        current = hanging + piece
                    }
                    continue
                }
            }
            if currentHasWord {
                lines.append(current)
                current = hanging
                currentHasWord = false
            }
            // A word longer than a whole line: in pieces after its slashes, cut only where none is.
            for piece in pieces(of: token.word, room: width - current.count, width: width - hanging.count) {
                if currentHasWord && current.count + piece.count > width {
                    lines.append(current)
                    current = hanging
                }
                current += piece
                currentHasWord = true
            }
        }
        if currentHasWord || lines.isEmpty { lines.append(current) }
        return lines.joined(separator: "\n")
    }

    /// `word` cut into pieces, the first at most `room` characters and the others at most `width`:
    /// after a `/` when the piece holds one, else at the limit.
    private static func pieces(of word: String, room: Int, width: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(word)
        var limit = max(1, room)
        while rest.count > limit {
            let head = rest.prefix(limit)
            let cut = head.lastIndex(of: "/").map { rest.index(after: $0) } ?? head.endIndex
            pieces.append(String(rest[rest.startIndex..<cut]))
            rest = rest[cut...]
            limit = max(1, width)
        }
        pieces.append(String(rest))
        return pieces
    }
}
