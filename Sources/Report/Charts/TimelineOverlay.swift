import DataSources
import Storage

/// What every chart over the recording's time shows on top: lost samples as red bands (at least a
/// pixel wide, so a single lost packet stays visible) and events as vertical lines, study markers
/// solid blue, the software's own (device state, interruption) dashed violet.
struct TimelineOverlay {
    /// Gaps: start and length in seconds of signal.
    var gaps: [(start: Double, seconds: Double)]
    /// Events as (seconds of signal, code).
    var events: [(time: Double, code: Int32)]

    /// The overlay for `frame`'s plot area.
    func svg(in frame: ChartFrame) -> String {
        var out = ""
        for gap in gaps where gap.start + gap.seconds >= frame.x.lowerBound && gap.start <= frame.x.upperBound {
            let x0 = frame.px(gap.start), x1 = frame.px(gap.start + gap.seconds)
            out +=
                "<rect x=\"\(HTML.coordinate(x0))\" y=\"\(HTML.coordinate(frame.top))\" width=\"\(HTML.coordinate(max(1.2, x1 - x0)))\" height=\"\(HTML.coordinate(frame.plotHeight))\" fill=\"\(ChartPalette.gap)\" fill-opacity=\"0.55\"/>"
        }
        for event in events where event.code != Marker.gapCode && frame.x.contains(event.time) {
            let x = HTML.coordinate(frame.px(event.time))
            let software = event.code < 0
            out +=
                "<line x1=\"\(x)\" x2=\"\(x)\" y1=\"\(HTML.coordinate(frame.top))\" y2=\"\(HTML.coordinate(frame.top + frame.plotHeight))\" stroke=\"\(software ? ChartPalette.software : ChartPalette.marker)\" stroke-width=\"1\" stroke-opacity=\"0.7\"\(software ? " stroke-dasharray=\"3 2\"" : "")/>"
        }
        return out
    }

    /// The legend entries for what the overlay draws, in `words`' language.
    func legend(in words: ReportWords) -> [(name: String, color: String)] {
        var items: [(name: String, color: String)] = []
        if events.contains(where: { $0.code > 0 }) { items.append((words(.eventMarker), ChartPalette.marker)) }
        if events.contains(where: { $0.code < 0 && $0.code != Marker.gapCode }) { items.append((words(.softwareEvent), ChartPalette.software)) }
        if !gaps.isEmpty { items.append((words(.lostSamplesLegend), ChartPalette.gap)) }
        return items
    }
}

extension RecordingDigest {
    /// The digest's events and gaps as a chart overlay.
    var overlay: TimelineOverlay {
        TimelineOverlay(gaps: gaps, events: events.map { (Double($0.sample) / samplingRate, $0.code) })
    }
}
