public import Foundation

/// A typeset PDF: its bytes and how many pages it has.
package struct TypesetPDF: Sendable, Equatable {
    /// The PDF file's bytes.
    package var data: Data
    /// The number of pages.
    package var pages: Int
}
