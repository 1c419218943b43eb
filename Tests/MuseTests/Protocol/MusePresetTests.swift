import Testing

@testable import Muse

struct MusePresetTests {
    @Test func parsesNamesWithAndWithoutPrefix() throws {
        #expect(try MusePreset(parsing: "p21") == .p21)
        #expect(try MusePreset(parsing: "21") == .p21)
        #expect(try MusePreset(parsing: " P50 ") == .p50)
        #expect(MusePreset.standard == .p21)
    }

    @Test func unknownPresetIsAClearError() {
        for text in ["p22", "99", "", "p", "p2l"] {
            #expect(throws: MuseProtocolError.unknownPreset(text)) { try MusePreset(parsing: text) }
        }
    }

    @Test func streamsPerPreset() {
        #expect(MusePreset.p20.eegChannelLabels == ["TP9", "AF7", "AF8", "TP10", "AUX_R"])
        #expect(MusePreset.p21.eegChannelLabels == ["TP9", "AF7", "AF8", "TP10"])
        #expect(MusePreset.p50.eegChannelLabels.count == 5 && MusePreset.p50.includesPPG)
        #expect(MusePreset.p51.eegChannelLabels.count == 4 && MusePreset.p51.includesPPG)
        #expect(!MusePreset.p20.includesPPG && !MusePreset.p21.includesPPG)
        #expect(MusePreset.allCases.allSatisfy { $0.includesIMU })
        #expect(MusePreset.p20.eegCharacteristics == [.tp9, .af7, .af8, .tp10, .rightAux])
        #expect(MusePreset.p51.eegCharacteristics == [.tp9, .af7, .af8, .tp10])
    }
}
