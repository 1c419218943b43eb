import CPangoCairo
import Foundation

/// Typesets paragraphs as a PDF: Pango shapes the text and wraps it at word boundaries (any script,
/// through fontconfig's fallback for what the font lacks), ``PageBreaker`` places the lines on pages,
/// and Cairo writes the PDF with every font it uses embedded as a subset. A footer (the page number)
/// is set on every page. The only code in the package that knows Pango or Cairo exists; it calls them
/// through ``PangoCairoLibrary``'s table, the library opened by the first PDF of the process.
///
/// Words are never hyphenated: a word that is longer than a line breaks between characters without a
/// hyphen, so the text a PDF reader extracts is the text given.
struct PDFTypesetter: Sendable {
    /// The page and its margins.
    var page: PageGeometry = .a4
    /// The font family every paragraph is set in; typesetting fails when it is not installed.
    var fontFamily = "DejaVu Sans"
    /// The document information.
    var metadata: PDFMetadata
    /// The library opened for Pango and Cairo; tests name one that is missing.
    var library = PangoCairoLibrary.name

    /// The PDF of `blocks`, with `footer(page, pages)` (page from 1) at the foot of every page.
    /// Throws ``TypesettingError`` (``TypesettingError/libraryMissing(library:reason:)`` before anything
    /// else when Pango and Cairo cannot be opened).
    func typeset(_ blocks: [TextBlock], footer: (_ page: Int, _ pages: Int) -> String) throws -> TypesetPDF {
        let lib = try PangoCairoLibrary.functions(library: library)
        let sink = PDFSink()
        let retained = Unmanaged.passRetained(sink)
        defer { retained.release() }
        let write: cairo_write_func_t = { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<PDFSink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
        guard let surface = lib.cairo_pdf_surface_create_for_stream(write, retained.toOpaque(), page.width, page.height) else {
            throw TypesettingError.pdf(reason: "no PDF surface")
        }
        defer { lib.cairo_surface_destroy(surface) }
        try Self.check(lib.cairo_surface_status(surface), lib)
        lib.cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, metadata.title)
        if let subject = metadata.subject { lib.cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, subject) }
        lib.cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, metadata.creator)
        guard let cr = lib.cairo_create(surface) else { throw TypesettingError.pdf(reason: "no drawing context") }
        let pages: Int
        do {
            defer { lib.cairo_destroy(cr) }
            pages = try draw(blocks, footer: footer, on: cr, lib)
        }
        lib.cairo_surface_finish(surface)
        try Self.check(lib.cairo_surface_status(surface), lib)
        return TypesetPDF(data: sink.data, pages: pages)
    }

    /// Lays out, breaks into pages and draws `blocks` on `cr`; returns the number of pages.
    private func draw(_ blocks: [TextBlock], footer: (Int, Int) -> String, on cr: OpaquePointer, _ lib: cpangocairo_functions) throws -> Int {
        guard let fontMap = lib.pango_cairo_font_map_new() else { throw TypesettingError.pdf(reason: "no font map") }
        defer { lib.g_object_unref(UnsafeMutableRawPointer(fontMap)) }
        guard let context = lib.pango_font_map_create_context(fontMap) else { throw TypesettingError.pdf(reason: "no Pango context") }
        defer { lib.g_object_unref(UnsafeMutableRawPointer(context)) }
        // On a PDF surface one device unit is one point: font sizes in points map 1:1.
        lib.pango_cairo_context_set_resolution(context, 72)
        lib.pango_cairo_update_context(cr, context)
        try requireFont(fontMap, context, lib)

        var layouts: [OpaquePointer] = []
        defer { for layout in layouts { lib.g_object_unref(UnsafeMutableRawPointer(layout)) } }
        for block in blocks { layouts.append(try layout(block, in: context, lib)) }
        let (placed, pages) = PageBreaker(page: page).place(blocks, lines: layouts.map { Self.lines($0, lib) })

        lib.cairo_set_source_rgb(cr, 0, 0, 0)
        var next = placed.startIndex
        for number in 0..<pages {
            while next < placed.endIndex, placed[next].page == number {
                let line = placed[next]
                lib.cairo_move_to(cr, line.x, line.baseline)
                lib.pango_cairo_show_layout_line(cr, lib.pango_layout_get_line_readonly(layouts[line.block], Int32(line.line)))
                next += 1
            }
            let foot = try layout(TextBlock(footer(number + 1, pages), style: .footer), in: context, lib)
            defer { lib.g_object_unref(UnsafeMutableRawPointer(foot)) }
            if let first = Self.lines(foot, lib).first {
                lib.cairo_move_to(cr, page.sideMargin + first.x, page.footerBaseline)
                lib.pango_cairo_show_layout_line(cr, lib.pango_layout_get_line_readonly(foot, 0))
            }
            lib.cairo_show_page(cr)
        }
        try Self.check(lib.cairo_status(cr), lib)
        return pages
    }

    /// A Pango layout of `block`: its font, wrapped at word boundaries to the text width (between
    /// characters only for a word longer than a line), never hyphenated, its label bold.
    private func layout(_ block: TextBlock, in context: OpaquePointer, _ lib: cpangocairo_functions) throws -> OpaquePointer {
        guard let layout = lib.pango_layout_new(context) else { throw TypesettingError.pdf(reason: "no Pango layout") }
        let font = lib.pango_font_description_new()
        lib.pango_font_description_set_family(font, fontFamily)
        lib.pango_font_description_set_weight(font, block.style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        lib.pango_font_description_set_size(font, Int32((block.style.size * Double(cpangocairo_scale())).rounded()))
        lib.pango_layout_set_font_description(layout, font)
        lib.pango_font_description_free(font)
        lib.pango_layout_set_width(layout, Int32((page.textWidth * Double(cpangocairo_scale())).rounded(.down)))
        lib.pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if block.style.centred { lib.pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER) }
        let attributes = lib.pango_attr_list_new()
        lib.pango_attr_list_insert(attributes, lib.pango_attr_insert_hyphens_new(0))
        if let label = block.label, let bold = lib.pango_attr_weight_new(PANGO_WEIGHT_BOLD) {
            bold.pointee.start_index = 0
            bold.pointee.end_index = UInt32(label.utf8.count)
            lib.pango_attr_list_insert(attributes, bold)
        }
        lib.pango_layout_set_attributes(layout, attributes)
        lib.pango_attr_list_unref(attributes)
        lib.pango_layout_set_text(layout, block.shown, -1)
        return layout
    }

    /// The measure of each wrapped line of `layout`, in points.
    private static func lines(_ layout: OpaquePointer, _ lib: cpangocairo_functions) -> [LineMetrics] {
        let scale = Double(cpangocairo_scale())
        var lines: [LineMetrics] = []
        guard let iterator = lib.pango_layout_get_iter(layout) else { return lines }
        defer { lib.pango_layout_iter_free(iterator) }
        repeat {
            var logical = PangoRectangle()
            lib.pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let baseline = lib.pango_layout_iter_get_baseline(iterator)
            lines.append(LineMetrics(x: Double(logical.x) / scale, height: Double(logical.height) / scale, baseline: Double(baseline - logical.y) / scale))
        } while lib.pango_layout_iter_next_line(iterator) != 0
        return lines
    }

    /// Throws unless ``fontFamily`` is installed: fontconfig would silently set another font instead.
    private func requireFont(_ fontMap: UnsafeMutablePointer<PangoFontMap>, _ context: OpaquePointer, _ lib: cpangocairo_functions) throws {
        let wanted = lib.pango_font_description_new()
        defer { lib.pango_font_description_free(wanted) }
        lib.pango_font_description_set_family(wanted, fontFamily)
        guard let font = lib.pango_font_map_load_font(fontMap, context, wanted) else { throw TypesettingError.fontMissing(family: fontFamily) }
        defer { lib.g_object_unref(UnsafeMutableRawPointer(font)) }
        let described = lib.pango_font_describe(font)
        defer { lib.pango_font_description_free(described) }
        guard let family = lib.pango_font_description_get_family(described), String(cString: family) == fontFamily else {
            throw TypesettingError.fontMissing(family: fontFamily)
        }
    }

    private static func check(_ status: cairo_status_t, _ lib: cpangocairo_functions) throws {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw TypesettingError.pdf(reason: lib.cairo_status_to_string(status).map { String(cString: $0) } ?? "cairo status \(status.rawValue)")
    }
}

/// Where Cairo's stream writes the PDF's bytes; used by one typesetting call on one thread.
private final class PDFSink {
    var data = Data()
}
