/// One self-contained HTML page: inline CSS, inline SVG, no script and nothing from the network. Its
/// Content-Security-Policy forbids everything but inline style and `data:` images, so even a label
/// that slipped past escaping could neither run nor load anything. Readable on a phone (viewport,
/// charts scale to the width) and in print (print CSS, page breaks between recordings).
struct HTMLPage {
    /// The document title (escaped here).
    var title: String
    /// The body's HTML, already escaped where it holds text from files.
    var body: String
    /// The language of the page's text (`lang`).
    var language = "en"

    /// The content-security policy of every report.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

    /// The whole document.
    var html: String {
        """
        <!DOCTYPE html>
        <html lang="\(HTML.escape(language))">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <meta name="generator" content="study-recorder">
        <title>\(HTML.escape(title))</title>
        <style>\(Self.css)</style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    /// The report's style: system fonts, one column that fits a phone, tables that scroll
    /// sideways instead of overflowing, and print rules.
    static let css = """
        :root{--ink:#1d2430;--muted:#5b6575;--line:#d8dde5;--panel:#f6f8fb;--accent:#2f6fb3;--good:#2e9d5b;--medium:#e0a21b;--bad:#d0473d;--gap:#d0473d}
        *{box-sizing:border-box}
        body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:#fff}
        main{max-width:980px;margin:0 auto;padding:16px}
        header.report{border-bottom:3px solid var(--accent);margin-bottom:12px;padding-bottom:8px}
        header.report h1{font-size:1.45em;margin:0 0 2px}
        header.report p{margin:0;color:var(--muted)}
        h2{font-size:1.2em;margin:22px 0 8px;padding-top:6px;border-top:1px solid var(--line)}
        header.report+section h2:first-child,header.report+section.participant h3:first-child{border-top:0;margin-top:8px}
        h3{font-size:1.02em;margin:16px 0 6px}
        section.recording{margin-bottom:28px}
        dl.meta{display:grid;grid-template-columns:repeat(auto-fit,minmax(210px,1fr));gap:6px 14px;margin:8px 0;padding:10px 12px;background:var(--panel);border-radius:6px}
        dl.meta div{min-width:0}
        dl.meta dt{font-size:.78em;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
        dl.meta dd{margin:0;overflow-wrap:anywhere}
        figure{margin:8px 0 14px}
        figcaption{font-size:.85em;color:var(--muted);margin-top:2px}
        svg.chart{display:block;width:100%;height:auto;background:#fff}
        svg.chart text{font:11px system-ui,Arial,sans-serif;fill:var(--muted)}
        .legend{display:flex;flex-wrap:wrap;gap:4px 14px;font-size:.85em;color:var(--muted);margin:2px 0}
        .legend i{display:inline-block;width:12px;height:12px;border-radius:2px;margin-right:4px;vertical-align:-2px}
        .scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
        table{border-collapse:collapse;font-size:.9em;min-width:100%}
        th,td{text-align:left;padding:3px 8px;border-bottom:1px solid var(--line);white-space:nowrap}
        th{background:var(--panel);font-weight:600}
        td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
        .verdict{display:inline-block;padding:2px 10px;border-radius:12px;font-weight:600;color:#fff}
        .verdict.passed{background:var(--good)}
        .verdict.failed{background:var(--bad)}
        .verdict.unknown{background:var(--muted)}
        ul.reasons{margin:6px 0 0;padding-left:20px}
        ul.reasons li.triggered{color:var(--bad);font-weight:600}
        .note{color:var(--muted);font-size:.88em}
        td.day{text-align:center;font-weight:600}
        td.day.done{background:#e3f4e9;color:var(--good)}
        td.day.incomplete{background:#fbf1d9;color:#8a6410}
        td.day.missing{background:#f9e1df;color:var(--bad)}
        td.day.open{color:var(--muted)}
        td.id{font-family:ui-monospace,monospace;font-size:.85em}
        td.q-good{background:#e3f4e9}
        td.q-medium{background:#fbf1d9}
        td.q-bad{background:#f9e1df}
        p.summary{font-weight:600}
        table.monitoring tr.flagged td{background:#fdf3f2}
        table.monitoring td.flags{color:var(--bad);min-width:14em}
        ul.problems li{margin:2px 0;overflow-wrap:anywhere}
        footer{margin-top:28px;padding-top:8px;border-top:1px solid var(--line);color:var(--muted);font-size:.8em}
        @media (max-width:600px){body{font-size:14px}main{padding:10px}dl.meta{grid-template-columns:1fr 1fr}figure{overflow-x:auto;-webkit-overflow-scrolling:touch}svg.chart{min-width:560px}svg.chart text{font-size:16px}}
        @media print{body{font-size:11pt}main{max-width:none;padding:0}section.recording+section.recording{break-before:page}figure,table,dl.meta,.verdict-box{break-inside:avoid}h2,h3{break-after:avoid}.scroll{overflow:visible}a{color:inherit;text-decoration:none}}
        """
}
