import Foundation

// usage: CollectBench URL PASSWORD KEYFILE FINGERPRINT DEVICES FIRST LAST DAY_FROM DAY_TO MINUTES
// Participants FIRST…LAST (0-based) record days DAY_FROM…DAY_TO and upload; one line per participant.
let arguments = CommandLine.arguments
guard arguments.count == 11, let first = Int(arguments[6]), let last = Int(arguments[7]), let from = Int(arguments[8]),
    let to = Int(arguments[9]), let minutes = Double(arguments[10])
else {
    FileHandle.standardError.write(Data("usage: CollectBench URL PASSWORD KEYFILE FINGERPRINT DEVICES FIRST LAST DAY_FROM DAY_TO MINUTES\n".utf8))
    exit(64)
}
let generator = StudyGenerator(
    url: arguments[1], password: arguments[2], keyFile: URL(fileURLWithPath: arguments[3]), fingerprint: arguments[4],
    devices: URL(fileURLWithPath: arguments[5]), minutes: minutes)
do {
    for index in first...last {
        let started = Date()
        let uuid = try await generator.participant(index, days: from...to)
        let line = "participant \(index) \(uuid) days \(from)-\(to) \(String(format: "%.1f", Date().timeIntervalSince(started))) s\n"
        FileHandle.standardOutput.write(Data(line.utf8))

    }
} catch {
    FileHandle.standardError.write(Data("CollectBench: \(error)\n".utf8))
    exit(1)
}
