import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads `getcontentlength` from a PROPFIND multistatus answer, namespace-aware (servers use `D:`,
/// `d:`, `ns0:` or no prefix for the `DAV:` namespace).
final class PropfindParser: NSObject, XMLParserDelegate {
    private var inLength = false
    private var text = ""
    private var length: Int64?

    /// The first `DAV:getcontentlength` value in `xml`, if any.
    static func contentLength(_ xml: Data) -> Int64? {
        let delegate = PropfindParser()
        let parser = XMLParser(data: xml)
        parser.shouldProcessNamespaces = true
        parser.delegate = delegate
        _ = parser.parse()
        return delegate.length
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:])
    {
        if name == "getcontentlength" && namespaceURI == "DAV:" && length == nil {
            inLength = true
            text = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inLength { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if inLength && name == "getcontentlength" {
            inLength = false
            length = Int64(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
