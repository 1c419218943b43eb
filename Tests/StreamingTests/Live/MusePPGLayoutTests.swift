import Testing

@testable import Streaming

/// Mind Monitor's and muselsl's PPG order (ambient, infrared, red), one rule for both sinks.
struct MusePPGLayoutTests {
    @Test func eachKnownChannelHasItsPlace() {
        #expect(MusePPGLayout.places(of: ["infrared"]) == [1])
        #expect(MusePPGLayout.places(of: ["Ambient", "RED"]) == [0, 2])
        #expect(MusePPGLayout.places(of: ["ambient", "infrared", "red"]) == [0, 1, 2])
    }

    @Test func anotherHeadbandsOpticsOrNoneHaveNoPlaces() {
        #expect(MusePPGLayout.places(of: []) == nil)
        #expect(MusePPGLayout.places(of: ["infrared", "optics3"]) == nil)
    }
}
