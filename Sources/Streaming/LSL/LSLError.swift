/// Why Lab Streaming Layer output or input could not be set up.
package enum LSLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No liblsl was found in any of the places tried.
    case libraryNotFound(tried: [String])
    /// A liblsl was found but lacks a function the recorder uses (too old a version).
    case missingSymbol(String, library: String)
    /// liblsl refused to create a stream or outlet.
    case outletFailed(String)
    /// No stream matched within the time allowed.
    case streamNotFound(String)

    package var description: String { description(neededFor: "LSL streaming") }

    /// The description, naming what needed liblsl (e.g. `--clock lsl`) when it was not found.
    package func description(neededFor purpose: String) -> String {
        switch self {
        case .libraryNotFound(let tried):
            return "\(purpose) needs liblsl, which was not found (tried: \(tried.joined(separator: ", "))): "
                + "install the pylsl wheel into the project's .venv (.venv/bin/pip install pylsl), or point --lsl-library or LSL_LIB at a liblsl.so"
        case .missingSymbol(let name, let library):
            return "\(library) has no \(name): liblsl 1.14 or later is needed"
        case .outletFailed(let what):
            return "liblsl could not create the \(what) outlet"
        case .streamNotFound(let what):
            return "no LSL stream \(what) found"
        }
    }
}
