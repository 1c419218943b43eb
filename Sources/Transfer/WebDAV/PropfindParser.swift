import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a PROPFIND multistatus answer, namespace-aware (servers use `D:`, `d:`, `ns0:` or no prefix
/// for the `DAV:` namespace): per `response`, its `href`, `getcontentlength`, `getetag`,
/// `getlastmodified` and whether `resourcetype` holds `collection`.
final class PropfindParser: NSObject, XMLParserDelegate {
    /// One `response` element as read.
    struct Response: Equatable {
        var href = ""
        var length: Int64?
        var etag: String?
        var lastModified: String?
        var isCollection = false
    }

    private var responses: [Response] = []
    private var current: Response?
    private var text = ""
    private static let properties: Set<String> = ["href", "getcontentlength", "getetag", "getlastmodified"]

    /// The first `DAV:getcontentlength` value in `xml`, if any.
    static func contentLength(_ xml: Data) -> Int64? {
        responses(xml).lazy.compactMap(\.length).first
    }

    /// Every `DAV:response` in `xml`, in order.
    static func responses(_ xml: Data) -> [Response] {
        let delegate = PropfindParser()
        let parser = XMLParser(data: xml)
        parser.shouldProcessNamespaces = true
        parser.delegate = delegate
        _ = parser.parse()
        return delegate.responses
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:])
    {
        guard namespaceURI == "DAV:" else { return }
        if name == "response" { current = Response() }
        if name == "collection" { current?.isCollection = true }
        if Self.properties.contains(name) { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard namespaceURI == "DAV:" else { return }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch name {
        case "href" where current?.href.isEmpty == true: current?.href = value
        case "getcontentlength": current?.length = Int64(value)
        case "getetag": current?.etag = value.isEmpty ? nil : value
        case "getlastmodified": current?.lastModified = value.isEmpty ? nil : value
        case "response":
            if let current { responses.append(current) }
            current = nil
        default: break
        }
    }
}
