/// The location of a value inside a JSON document, written like `$.days[2].sessions[0]`.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step: an object key or an array index.
    package enum Component: Sendable, Hashable {
        /// An object member.
        case key(String)
        /// An array element.
        case index(Int)
    }

    /// The steps from the root.
    package var components: [Component]

    /// The root, `$`.
    package static let root = JSONPath(components: [])

    /// Creates a path.
    package init(components: [Component]) { self.components = components }

    /// This path extended by an object key.
    package func appending(_ key: String) -> JSONPath { JSONPath(components: components + [.key(key)]) }

    /// This path extended by an array index.
    package func appending(_ index: Int) -> JSONPath { JSONPath(components: components + [.index(index)]) }

    /// The path as text: identifier keys with a dot, other keys in brackets (`$.texts["a b"]`).
    package var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key):
                let simple = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
                if simple { text += ".\(key)" } else { text += "[\"\(key)\"]" }
            }
        }
        return text
    }
}
