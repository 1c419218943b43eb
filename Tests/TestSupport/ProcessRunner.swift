public import Foundation

/// The outcome of running a program to completion.
public struct ProcessResult: Sendable {
    /// The exit status (or the signal number for a killed process).
    public var status: Int32
    /// Everything the program wrote to standard output.
    public var stdout: String
    /// Everything the program wrote to standard error.
    public var stderr: String
}

/// Runs programs for tests and collects their output.
public enum ProcessRunner {
    /// Runs `executable` with `arguments`, optionally feeding `input` on standard input, and waits.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil,
        currentDirectory: URL? = nil
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let out = Pipe(), err = Pipe(), inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.runWithTerminationSignals()
        if let input { inp.fileHandleForWriting.write(Data(input.utf8)) }
        try? inp.fileHandleForWriting.close()
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave()
        }
        process.waitUntilExit()
        group.wait()
        return ProcessResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// ``run(_:_:environment:input:currentDirectory:)`` on a thread of its own: an async test that
    /// waits for a long-running program must not hold one of the few threads of the cooperative pool
    /// (on 2 cores, two such waits would stall every other test's tasks, real-time sources included).
    public static func runDetached(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil
    ) async throws -> ProcessResult {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try run(executable, arguments, environment: environment, input: input) })
            }
        }
    }
}
