import DataSources
import Processing
import Testing

@testable import Streaming

/// What the streamer itself decides: the text of an LSL marker and its band-power rate.
struct LiveStreamerTests {
    @Test func aMarkerIsSentAsItsLabelOrElseItsCode() {
        #expect(LiveStreamer.markerText(Marker(code: 320, label: "fixation")) == "fixation")
        #expect(LiveStreamer.markerText(Marker(code: 320)) == "320")
    }

    /// Ten band-power updates a second by default, as Mind Monitor sends them (the processor's own
    /// default is one a second), each over the last 4 s; 2048 events of slack, about 8 s of Muse data.
    @Test func bandPowerGoesOutTenTimesASecondByDefault() {
        let configuration = LiveStreamer.Configuration(targets: [.lsl])
        #expect(configuration.processing.bandPowerInterval == 0.1)
        #expect(ProcessorConfiguration().bandPowerInterval == 1)
        #expect(configuration.processing.bandPowerWindow == 4)
        #expect(configuration.capacity == 2048)
        #expect(configuration.lslStyle == .descriptive)
    }
}
