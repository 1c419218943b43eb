// An example of what a lab's own program does with StudyRecorderKit: record 60 s with live signal QA,
// then upload what is due. Written as a third-party program would be (one import, no CLI); the test
// suite builds and runs it (Tests/StudyRecorderKitTests/ExampleProgramTests.swift).
//
// usage: record-and-upload DATA-FOLDER [--seconds 60] [--speed 1] [--muse DEVICE]
//   --speed N   run the built-in oscillator N times faster than real time (0: as fast as possible)
//   --muse DEV  record a Muse headband (name, address or unix:PATH of a simulated one) instead
// Each event is printed as one line "event <name> <detail>", so another program can follow it.
import Foundation
import StudyRecorderKit

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, in arguments: [String]) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}
let seconds = Double(option("--seconds", in: arguments) ?? "60") ?? 60
let speed = Double(option("--speed", in: arguments) ?? "1") ?? 1
let muse = option("--muse", in: arguments)
guard let folder = arguments.first, !folder.hasPrefix("--") else {
    FileHandle.standardError.write(Data("usage: record-and-upload DATA-FOLDER [--seconds 60] [--speed 1] [--muse DEVICE]\n".utf8))
    exit(64)
}

do {
    // Opening the folder recovers what a crash left behind and finishes interrupted seals.
    let recorder = try await Recorder(dataFolder: URL(fileURLWithPath: folder))
    for item in recorder.recovery.rebuilt { print("event recovered \(item.path)") }

    let source: any DataSource =
        if let muse {
            MuseSource(configuration: .init(device: try DeviceAddress(parsing: muse), timeScale: speed > 0 ? speed : 1))
        } else {
            OscillatorSource(configuration: OscillatorConfiguration(pacing: speed > 0 ? .speed(speed) : .asFastAsPossible))
        }
    let participant = try recorder.participant()
    let recording = try await recorder.record(RecordingRequest(participant: participant, duration: seconds), from: source)
    for try await event in recording.events {
        switch event {
        case .connection(let state): print("event connection \(state.rawValue)")
        case .started(let device): print("event started \(device.model) \(device.channelNames.joined(separator: ",")) \(device.samplingRate) Hz")
        case .device(let change): print("event device \(change.state.rawValue)=\(change.value)")
        case .battery(let percent): print("event battery \(percent)")
        case .qa(let status): print("event qa \(status.verdict.rawValue)\(status.reason.map { " (\($0))" } ?? "")")
        case .progress(let p): print(String(format: "event progress %.1f/%.1f", p.seconds, p.plannedSeconds ?? 0))
        case .stored(let item): print("event stored \(item.path)")
        case .quality, .lineNoise, .bandPower: continue
        }
    }

    // Then send what is due (this recording and anything earlier runs left pending) to the server
    // the data folder's transfer.json names, on one connection.
    guard recorder.transfer.isConfigured else {
        print("event upload skipped (no transfer configuration)")
        exit(0)
    }
    for try await event in recorder.upload() {
        switch event {
        case .planned(let items, let bytes): print("event upload planned \(items) items \(bytes) bytes")
        case .uploaded(let outcome): print("event uploaded \(outcome.path) -> \(outcome.remote ?? "?")")
        case .failed(let outcome): print("event upload failed \(outcome.path): \(outcome.error ?? "") (stays pending)")
        case .finished(let report): print("event upload finished sent \(report.sent.count) pending \(report.remaining)")
        default: continue
        }
    }
} catch {
    FileHandle.standardError.write(Data("record-and-upload: \(error)\n".utf8))
    exit(70)
}
