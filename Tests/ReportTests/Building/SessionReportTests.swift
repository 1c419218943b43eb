import Foundation
import Storage
import TestSupport
import Testing

@testable import Report

/// The session view rendered by real headless Chromium: it renders without a console message (no
/// CSP violation, no script), shows every section with the recording's own values, escapes what it
/// took from the file, and never names the participant.
@Suite(.tags(.python, .chromium))
struct SessionReportTests {
    @Test func rendersInChromiumWithTheRecordingsValuesAndNoName() async throws {
        let fixture = try ReportFixture("report-session")
        let item = try fixture.recording(seconds: 40, dropouts: 8)
        let html = try await ReportBuilder(store: fixture.store).sessionReport(for: [item])
        let file = try fixture.file(html)
        let page = try HeadlessChromium.render(file, width: 1000, height: 1600)

        #expect(page.console.isEmpty, "the page caused console messages: \(page.console)")
        for section in ["Quality verdict", "Signal excerpt", "Signal quality over time", "Band power over time", "Spectrum", "Per channel", "Events"]
        {
            #expect(page.dom.contains("<h3>\(section)</h3>"), "missing section \(section)")
        }
        let reader = try RecordingReader(url: fixture.store.url(of: item.path))
        #expect(page.dom.contains(">\(reader.channelNames.joined(separator: ", "))</dd>"))
        #expect(page.dom.contains("data-field=\"duration\">40.0 s</dd>"))
        #expect(page.dom.contains("data-field=\"sampling-rate\">256 Hz</dd>"))
        #expect(page.dom.contains("data-field=\"participant\">\(ReportFixture.participant)</dd>"))
        let gaps = try reader.events().filter { $0.code == -1 }
        #expect(!gaps.isEmpty && page.dom.contains("in \(gaps.count) gap"), "the gaps are counted")
        #expect(
            page.dom.components(separatedBy: "fill=\"#d0473d\" fill-opacity=\"0.55\"").count - 1 >= 2 * gaps.count,
            "each gap drawn in the quality and band-power charts")
        // The recording's own verdict, as the Processing module judges it.
        #expect(page.dom.contains("class=\"verdict passed\">passed<") || page.dom.contains("class=\"verdict failed\">"))

        // Escaped, not executed: the label is text, and the only elements are the report's own.
        #expect(!page.dom.contains("<script"), "no script element")
        #expect(page.dom.contains("eyesOpen/&lt;script&gt;alert('x')&lt;/script&gt; &amp; \"quoted\""))
        #expect(html.contains(HTMLPage.contentSecurityPolicy) && !html.contains("http://") && !html.contains("https://"))

        // Never the name, not even parts of it; only the UUID.
        for part in ReportFixture.name.split(separator: " ").map(String.init) + ["Hildegard"] { #expect(!html.contains(part)) }

        let png = try #require(page.screenshot)
        let size = try #require(HeadlessChromium.pngSize(png))
        #expect(size.width == 1000 && size.height == 1600)
        let shot = fixture.dir.path("shot.png")
        try png.write(to: shot)
        let inked = try PythonTool.run(
            script:
                "import sys; from PIL import Image; im = Image.open(sys.argv[1]).convert('L'); print(sum(1 for p in im.getdata() if p < 200) / (im.width * im.height))",
            arguments: [shot.path])
        #expect((Double(inked.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0.03, "the screenshot shows charts and text, not a blank page")
    }

    @Test func reactionTimeTrialsMatchTheTrialTable() async throws {
        let fixture = try ReportFixture("report-rt")
        let latencies: [Double?] = [312.5, 287.0, nil, 45.0, 401.2, 333.3, -1285.0]
        let item = try fixture.recording(seconds: 24, dropouts: 0, paradigm: "reactionTime", latencies: latencies)
        let html = try await ReportBuilder(store: fixture.store).sessionReport(for: [item])
        let page = try HeadlessChromium.render(try fixture.file(html), screenshot: false)
        #expect(page.console.isEmpty, "\(page.console)")
        #expect(page.dom.contains("<h3>Reaction time per trial</h3>"))
        #expect(page.dom.contains("7 trials, 4 correct; block median 323 ms"))
        let table = try #require(page.dom.components(separatedBy: "<table class=\"trials\">").last?.components(separatedBy: "</table>").first)
        let rows = table.components(separatedBy: "<tr>").dropFirst(2).map { $0 }
        #expect(rows.count == latencies.count)
        for (row, latency) in zip(rows, latencies) {
            #expect(row.contains(latency.map { String(format: ">%.1f<", $0) } ?? ">–<"), "\(row)")
        }
        // Every trial is a point (a circle) or, for the miss, a cross.
        #expect(page.dom.components(separatedBy: "<circle").count - 1 == latencies.compactMap { $0 }.count)
        #expect(page.dom.components(separatedBy: "fill=\"#fff\" stroke=").count - 1 == 1, "the key 1.3 s early sits on the axis' edge, hollow")
    }

    /// A recording shorter than one quality window still makes a page: no verdict, no spectrum.
    @Test func aOneSecondRecordingIsTooShortToJudge() async throws {
        let fixture = try ReportFixture("report-short")
        let item = try fixture.recording(seconds: 1, dropouts: 0)
        let html = try await ReportBuilder(store: fixture.store).sessionReport(for: [item])
        let page = try HeadlessChromium.render(try fixture.file(html), screenshot: false)
        #expect(page.console.isEmpty, "\(page.console)")
        #expect(page.dom.contains("class=\"verdict unknown\">too short to judge<") && page.dom.contains("cannot be estimated"))
        for bad in ["nan", "NaN", "\"inf", ">inf", " inf", "-inf"] { #expect(!html.contains(bad), "no non-finite number printed (\(bad))") }
    }

    /// In print every recording starts on a new page.
    @Test func printsEachRecordingOnItsOwnPages() async throws {
        let fixture = try ReportFixture("report-print")
        let first = try fixture.recording(run: 1, seconds: 10, dropouts: 0)
        let second = try fixture.recording(run: 2, seconds: 10, dropouts: 0)
        let builder = ReportBuilder(store: fixture.store)
        let one = try #require(
            HeadlessChromium.pdfPageCount(
                try HeadlessChromium.printPDF(try fixture.file(try await builder.sessionReport(for: [first]), name: "one.html"))))
        let two = try #require(
            HeadlessChromium.pdfPageCount(
                try HeadlessChromium.printPDF(try fixture.file(try await builder.sessionReport(for: [first, second]), name: "two.html"))))
        #expect(one >= 1 && two >= 2 * one, "one recording: \(one) pages, two: \(two)")
    }

    /// The check for console messages is able to fail: a page that breaks the policy is caught.
    @Test func aPolicyViolationIsCaught() throws {
        let fixture = try ReportFixture("report-csp")
        let bad = HTMLPage(title: "bad", body: "<script>document.title='ran'</script><p>x</p>").html
        let page = try HeadlessChromium.render(try fixture.file(bad), screenshot: false)
        #expect(page.console.contains { $0.contains("Content Security Policy") })
        #expect(page.dom.contains("<title>bad</title>"), "the script did not run")
    }
}
