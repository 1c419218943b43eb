import Testing

@testable import Muse

/// The Athena's preset names and the provisional channel layouts stored with them.
struct AthenaPresetTests {
    @Test func acceptsTheListedPresetsAndRefusesOthers() throws {
        #expect(
            AthenaPreset.allCases.map(\.rawValue) == [
                "p20", "p21", "p50", "p51", "p60", "p61", "p1034", "p1035", "p1041", "p1042", "p1043", "p1044", "p1045", "p1046", "p4129",
            ])
        #expect(try AthenaPreset(parsing: "P1041") == .p1041 && (try AthenaPreset(parsing: " 4129")) == .p4129)
        #expect(AthenaPreset.standard == .p1041)
        for bad in ["p22", "p1040", "", "p", "p1041x"] {
            #expect(throws: MuseProtocolError.unknownPreset(bad)) { try AthenaPreset(parsing: bad) }
        }
        #expect(AthenaPreset.p1041.expectedEEGChannels == 8 && AthenaPreset.p1041.expectedOpticsChannels == 16)
        #expect(AthenaPreset.p21.expectedEEGChannels == 4 && AthenaPreset.p21.expectedOpticsChannels == 0)
        #expect(AthenaPreset.p1035.expectedOpticsChannels == 4 && AthenaPreset.p1034.expectedOpticsChannels == 8)
    }

    @Test func channelLayoutsHaveTheirLabelsAndWavelengths() {
        #expect(AthenaChannels.eeg(count: 4) == ["TP9", "AF7", "AF8", "TP10"])
        #expect(AthenaChannels.eeg(count: 8).count == 8)
        let sixteen = AthenaChannels.optics(count: 16)
        #expect(sixteen.count == 16 && Set(sixteen.map(\.label)).count == 16)
        #expect(sixteen.prefix(4).map(\.label) == ["LO_730", "LO_850", "LO_RED", "LO_AMB"])
        #expect(sixteen.prefix(4).map(\.wavelength) == [730, 850, 660, 0])
        #expect(AthenaChannels.optics(count: 8).map(\.wavelength).allSatisfy { $0 == 730 || $0 == 850 })
        #expect(AthenaChannels.optics(count: 4).map(\.label) == ["LI_730", "LI_850", "RI_730", "RI_850"])
    }
}
