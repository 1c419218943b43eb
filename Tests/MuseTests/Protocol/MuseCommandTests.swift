import Testing

@testable import Muse

struct MuseCommandTests {
    @Test func encodesEveryCommandOfTheReferenceTable() throws {
        let table: [(MuseCommand, String)] = [
            (.versionInfo, "03 76 31 0A"), (.status, "02 73 0A"), (.halt, "02 68 0A"), (.start, "02 64 0A"),
            (.keepAlive, "02 6B 0A"), (.preset(.p20), "04 70 32 30 0A"), (.preset(.p21), "04 70 32 31 0A"),
            (.preset(.p50), "04 70 35 30 0A"), (.preset(.p51), "04 70 35 31 0A"), (.raw("*1"), "03 2A 31 0A"),
            (.raw("L0"), "03 4C 30 0A"), (.raw("L1"), "03 4C 31 0A"),
        ]
        for (command, bytes) in table {
            #expect(try command.encoded() == hex(bytes), "\(command)")
        }
    }

    @Test func rawCommandsThatCannotBeSentAreRefused() throws {
        for text in ["", "a\nb", "é", String(repeating: "x", count: 19)] {
            #expect(throws: MuseProtocolError.invalidCommand(text)) { try MuseCommand.raw(text).encoded() }
        }
        let longest = try MuseCommand.raw(String(repeating: "x", count: 18)).encoded()
        #expect(longest.count == 20 && longest.first == 19 && longest.last == 0x0A)
    }

    @Test func presetCommandIsItsName() {
        #expect(MusePreset.p50.command == .preset(.p50))
        #expect(MusePreset.p50.command.text == "p50")
    }
}
