import Testing

@testable import Muse

/// Random, truncated and extended byte arrays into every decoder and the reply assembler: nothing may
/// trap, and the decoders accept exactly the 20-byte inputs.
struct DecoderFuzzTests {
    @Test func randomBytesNeverTrapAnyDecoder() {
        var rng = SeededGenerator(seed: 2024)
        var assembler = ControlReplyAssembler(maximumObjectLength: 512)
        var accepted = 0, twentyByteInputs = 0
        for round in 0..<3000 {
            let length = round % 3 == 0 ? 20 : Int.random(in: 0...45, using: &rng)
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &rng) }
            let results: [Bool] = [
                (try? EEGPacket(payload: bytes)) != nil,
                (try? TelemetryPacket(payload: bytes)) != nil,
                (try? IMUPacket(payload: bytes, sensor: .accelerometer)) != nil,
                (try? IMUPacket(payload: bytes, sensor: .gyroscope)) != nil,
                (try? PPGPacket(payload: bytes)) != nil,
            ]
            #expect(results.allSatisfy { $0 == (length == 20) })
            if length == 20 { twentyByteInputs += 1 }
            if length == 20, let eeg = try? EEGPacket(payload: bytes) {
                #expect(eeg.codes.count == 12 && eeg.codes.allSatisfy { $0 <= 4095 })
                accepted += 1
            }
            for object in assembler.append(bytes) {
                _ = MuseControlReply(json: object)
                _ = MuseDeviceInfo(json: object)
                _ = MuseStatus(json: object)
            }
        }
        #expect(accepted == twentyByteInputs && accepted >= 1000)
    }

    @Test func jsonLikeFragmentsNeverTrapTheAssembler() {
        var rng = SeededGenerator(seed: 7)
        let alphabet = Array(#"{}"\:,0123456789abcrs[] .-e+tnul"#.utf8)
        var assembler = ControlReplyAssembler()
        var objects = 0
        for _ in 0..<4000 {
            let length = Int.random(in: 0...20, using: &rng)
            let count = UInt8.random(in: 0...25, using: &rng)
            let body = (0..<max(0, length - 1)).map { _ in alphabet.randomElement(using: &rng) ?? 0 }
            for object in assembler.append([count] + body) {
                objects += 1
                #expect(object.first == "{" && object.last == "}")
                _ = MuseControlReply(json: object)
                _ = MuseStatus(json: object)
                _ = MuseDeviceInfo(json: object)
            }
        }
        #expect(objects > 0)
    }
}
