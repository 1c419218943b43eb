import Testing

@testable import Exports

struct EDFFieldTests {
    /// Physical extremes must fit 8 characters without exponent and be rounded outward, so the
    /// device's range stays inside the written one.
    @Test func numbersFitEightCharactersRoundedOutward() throws {
        let high = try #require(EDFField.number(999.51171875, rounding: .up))
        #expect(high.text == "999.5118" && high.value >= 999.51171875)
        let low = try #require(EDFField.number(-1000, rounding: .down))
        #expect(low.text == "-1000")
        let small = try #require(EDFField.number(-3276.74321, rounding: .down))
        #expect(small.text == "-3276.75" && small.value <= -3276.74321)
        #expect(EDFField.number(-123456789) == nil)
        #expect(EDFField.ascii("Ünï", width: 5) == Array("_n_  ".utf8))
    }

    @Test func recordLayoutKeepsTheRateExact() {
        #expect(EDFRecordLayout(rate: 256)?.duration == 1 && EDFRecordLayout(rate: 256)?.samplesPerRecord == 256)
        #expect(EDFRecordLayout(rate: 52.5)?.duration == 2)
        #expect(EDFRecordLayout(rate: 0) == nil)
    }

    @Test func annotationsAreTALs() {
        let gap = EDFAnnotation(onset: 1.5, duration: 0.25, text: "BAD_ACQ_SKIP")
        #expect(gap.tal == Array("+1.5\u{15}0.25\u{14}BAD_ACQ_SKIP\u{14}\u{0}".utf8))
        #expect(EDFAnnotation.timeKeeping(3) == Array("+3\u{14}\u{14}\u{0}".utf8))
        #expect(EDFWriter.gapLength("gap 64 samples") == 64 && EDFWriter.gapLength("accelerometer gap 3 samples") == nil)
    }
}
