// A program that uses the libraries the way a lab's own program would, for
// Tests/StudyRecorderTests/Commands/ExportInterruptionTests.swift: it exports a data folder's
// encrypted recordings as CSV with `Exporter` and, while the first one is being written (its
// decrypted copy in the scratch, the staging folder in the destination), says `ready` on standard
// output and waits. It installs no signal handler of its own: what SIGINT leaves behind is what the
// libraries leave behind for any caller.
//
// Usage: export-until-signalled <data folder> <gnupg home> <out folder>
import Exports
import Foundation
import Storage

#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: export-until-signalled <data folder> <gnupg home> <out folder>\n".utf8))
    exit(64)
}
do {
    let store = try DataStore(root: URL(fileURLWithPath: arguments[1]))
    let destination = try ExportDestination(folder: URL(fileURLWithPath: arguments[3]), dataFolder: store.root, permissions: .private)
    let exporter = Exporter(store: store, destination: destination, format: .csv, patientCode: false, permissions: .private)
    exporter.decryptor = OpenPGPDecryptor(home: URL(fileURLWithPath: arguments[2]))
    var told = false
    for item in try store.catalog.items() where item.kind == .recording {
        _ = try exporter.export(item) { _ in
            guard !told else { return }
            told = true
            FileHandle.standardOutput.write(Data("ready\n".utf8))
            // Held here, mid-export, until a signal ends the process.
            while true { pause() }
        }
    }
    _ = try exporter.finish()
    print("finished")
} catch {
    FileHandle.standardError.write(Data("export-until-signalled: \(error)\n".utf8))
    exit(1)
}
