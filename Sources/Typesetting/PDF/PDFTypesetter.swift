import CPangoCairo
import Foundation

/// Typesets paragraphs as a PDF: Pango shapes the text and wraps it at word boundaries (any script,
/// through fontconfig's fallback for what the font lacks), ``PageBreaker`` places the lines on pages,
/// and Cairo writes the PDF with every font it uses embedded as a subset. A footer (the page number)
/// is set on every page. The only code in the package that knows Pango or Cairo exists.
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

    /// The PDF of `blocks`, with `footer(page, pages)` (page from 1) at the foot of every page.
    /// Throws ``TypesettingError``.
    func typeset(_ blocks: [TextBlock], footer: (_ page: Int, _ pages: Int) -> String) throws -> TypesetPDF {
        let sink = PDFSink()
        let retained = Unmanaged.passRetained(sink)
        defer { retained.release() }
        let write: cairo_write_func_t = { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<PDFSink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
        guard let surface = cairo_pdf_surface_create_for_stream(write, retained.toOpaque(), page.width, page.height) else {
            throw TypesettingError.pdf(reason: "no PDF surface")
        }
        defer { cairo_surface_destroy(surface) }
        try Self.check(cairo_surface_status(surface))
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, metadata.title)
        if let subject = metadata.subject { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, subject) }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, metadata.creator)
        guard let cr = cairo_create(surface) else { throw TypesettingError.pdf(reason: "no drawing context") }
        let pages: Int
        do {
            defer { cairo_destroy(cr) }
            pages = try draw(blocks, footer: footer, on: cr)
        }
        cairo_surface_finish(surface)
        try Self.check(cairo_surface_status(surface))
        return TypesetPDF(data: sink.data, pages: pages)
    }

    /// Lays out, breaks into pages and draws `blocks` on `cr`; returns the number of pages.
    private func draw(_ blocks: [TextBlock], footer: (Int, Int) -> String, on cr: OpaquePointer) throws -> Int {
        guard let fontMap = pango_cairo_font_map_new() else { throw TypesettingError.pdf(reason: "no font map") }
        defer { cpangocairo_unref(UnsafeMutableRawPointer(fontMap)) }
        guard let context = pango_font_map_create_context(fontMap) else { throw TypesettingError.pdf(reason: "no Pango context") }
        defer { cpangocairo_unref(UnsafeMutableRawPointer(context)) }
        // On a PDF surface one device unit is one point: font sizes in points map 1:1.
        pango_cairo_context_set_resolution(context, 72)
        pango_cairo_update_context(cr, context)
        try requireFont(fontMap, context)

        var layouts: [OpaquePointer] = []
        defer { for layout in layouts { cpangocairo_unref(UnsafeMutableRawPointer(layout)) } }
        for block in blocks { layouts.append(try layout(block, in: context)) }
        let (placed, pages) = PageBreaker(page: page).place(blocks, lines: layouts.map(Self.lines))

        cairo_set_source_rgb(cr, 0, 0, 0)
        var next = placed.startIndex
        for number in 0..<pages {
            while next < placed.endIndex, placed[next].page == number {
                let line = placed[next]
                cairo_move_to(cr, line.x, line.baseline)
                pango_cairo_show_layout_line(cr, pango_layout_get_line_readonly(layouts[line.block], Int32(line.line)))
                next += 1
            }
            let foot = try layout(TextBlock(footer(number + 1, pages), style: .footer), in: context)
            defer { cpangocairo_unref(UnsafeMutableRawPointer(foot)) }
            if let first = Self.lines(foot).first {
                cairo_move_to(cr, page.sideMargin + first.x, page.footerBaseline)
                pango_cairo_show_layout_line(cr, pango_layout_get_line_readonly(foot, 0))
            }
            cairo_show_page(cr)
        }
        try Self.check(cairo_status(cr))
        return pages
    }

    /// A Pango layout of `block`: its font, wrapped at word boundaries to the text width (between
    /// characters only for a word longer than a line), never hyphenated, its label bold.
    private func layout(_ block: TextBlock, in context: OpaquePointer) throws -> OpaquePointer {
        guard let layout = pango_layout_new(context) else { throw TypesettingError.pdf(reason: "no Pango layout") }
        let font = pango_font_description_new()
        pango_font_description_set_family(font, fontFamily)
        pango_font_description_set_weight(font, block.style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_size(font, Int32((block.style.size * Double(cpangocairo_scale())).rounded()))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32((page.textWidth * Double(cpangocairo_scale())).rounded(.down)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if block.style.centred { pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER) }
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        if let label = block.label, let bold = pango_attr_weight_new(PANGO_WEIGHT_BOLD) {
            bold.pointee.start_index = 0
            bold.pointee.end_index = UInt32(label.utf8.count)
            pango_attr_list_insert(attributes, bold)
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        pango_layout_set_text(layout, block.shown, -1)
        return layout
    }

    /// The measure of each wrapped line of `layout`, in points.
    private static func lines(_ layout: OpaquePointer) -> [LineMetrics] {
        let scale = Double(cpangocairo_scale())
        var lines: [LineMetrics] = []
        guard let iterator = pango_layout_get_iter(layout) else { return lines }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let baseline = pango_layout_iter_get_baseline(iterator)
            lines.append(LineMetrics(x: Double(logical.x) / scale, height: Double(logical.height) / scale, baseline: Double(baseline - logical.y) / scale))
        } while pango_layout_iter_next_line(iterator) != 0
        return lines
    }

    /// Throws unless ``fontFamily`` is installed: fontconfig would silently set another font instead.
    private func requireFont(_ fontMap: UnsafeMutablePointer<PangoFontMap>, _ context: OpaquePointer) throws {
        let wanted = pango_font_description_new()
        defer { pango_font_description_free(wanted) }
        pango_font_description_set_family(wanted, fontFamily)
        guard let font = pango_font_map_load_font(fontMap, context, wanted) else { throw TypesettingError.fontMissing(family: fontFamily) }
        defer { cpangocairo_unref(UnsafeMutableRawPointer(font)) }
        let described = pango_font_describe(font)
        defer { pango_font_description_free(described) }
        guard let family = pango_font_description_get_family(described), String(cString: family) == fontFamily else {
            throw TypesettingError.fontMissing(family: fontFamily)
        }
    }

    private static func check(_ status: cairo_status_t) throws {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw TypesettingError.pdf(reason: String(cString: cairo_status_to_string(status)))
    }
}

/// Where Cairo's stream writes the PDF's bytes; used by one typesetting call on one thread.
private final class PDFSink {
    var data = Data()
}
