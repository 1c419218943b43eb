// The README's library example, verbatim between the markers: built with the package and run by
// Tests/StudyRecorderKitTests/ReadmeExampleTests.swift, which also checks that the README shows
// exactly this code.
import Foundation
import StudyRecorderKit

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "study-data"
// README example begins
let recorder = try await Recorder(dataFolder: URL(fileURLWithPath: folder))  // runs start-up recovery
let participant = try recorder.participant()  // the folder's participant
let source = OscillatorSource(configuration: .init(pacing: .asFastAsPossible))  // or MuseSource(...)
let recording = try await recorder.record(RecordingRequest(participant: participant, duration: 10), from: source)
for try await event in recording.events {
    switch event {
    case .qa(let status): print("QA:", status.verdict.rawValue, status.reason ?? "")
    case .bandPower(let update): print("alpha TP9:", update.channels[0].absolute[2])
    case .stored(let item): print("stored", item.path)
    default: break
    }
}
// README example ends
