/// The elements of a JSON array with their paths, the path made only when an element is read: a
/// study array of millions of values costs no path per value up front (with the paths built eagerly,
/// an 8 MB array took 0.5 GB more than its nodes).
struct ArrayElements: RandomAccessCollection {
    /// The array's elements.
    let elements: [JSONNode]
    /// The array's path.
    let path: JSONPath

    var startIndex: Int { elements.startIndex }
    var endIndex: Int { elements.endIndex }

    subscript(position: Int) -> (node: JSONNode, path: JSONPath) {
        (elements[position], path.appending(position))
    }
}
