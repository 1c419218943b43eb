public import Foundation

/// A typeset PDF: its bytes and how many pages it has.
public struct TypesetPDF: Sendable, Equatable {
    /// The PDF file's bytes.
    public var data: Data
    /// The number of pages.
    public var pages: Int
}
