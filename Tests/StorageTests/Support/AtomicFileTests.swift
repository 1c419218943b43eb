import Foundation
import TestSupport
import Testing

@testable import Storage

#if canImport(Glibc)
import Glibc
#endif

/// Every failing step of an atomic commit leaves the previous file as it was, removes the temporary
/// file and names the file, the step and the errno in one line. The faults are real where a test can
/// make them (a rename onto a folder) and injected through ``FileSystemCalls`` where it cannot (an
/// fsync that fails, a full disk).
struct AtomicFileTests {
    /// The real calls, with `call` failing with `code`.
    static func failing(_ call: String, _ code: Int32) -> FileSystemCalls {
        var calls = FileSystemCalls.system
        let fail: @Sendable () -> Void = { errno = code }
        switch call {
        case "fsync":
            calls.fsync = { _ in
                fail(); return -1
            }
        case "folder-fsync":
            calls.fsync = { fd in
                var st = stat()
                if fstat(fd, &st) == 0, (st.st_mode & mode_t(S_IFMT)) == mode_t(S_IFDIR) { fail(); return -1 }
                return Glibc.fsync(fd)
            }
        case "write":
            calls.write = { _, _, _ in
                fail(); return -1
            }
        case "close":
            calls.close = { fd in
                _ = Glibc.close(fd); fail(); return -1
            }
        case "rename":
            calls.rename = { _, _ in
                fail(); return -1
            }
        default: break
        }
        return calls
    }

    static func leftovers(in dir: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasSuffix(".tmp") }
    }

    @Test func aWriteReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let dir = try TemporaryDirectory("atomic")
        let url = dir.path("record.json")
        try AtomicFile.write(Data("old".utf8), to: url)
        try AtomicFile.write(Data("new".utf8), to: url, permissions: 0o600)
        #expect(try String(contentsOf: url, encoding: .utf8) == "new")
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try Self.leftovers(in: dir).isEmpty)
    }

    @Test(arguments: [("fsync", EIO), ("write", EIO), ("close", EIO), ("rename", EXDEV), ("fsync", ENOSPC)])
    func aFailingStepKeepsTheOriginalAndNamesTheFileAndErrno(call: String, code: Int32) throws {
        let dir = try TemporaryDirectory("atomic")
        let url = dir.path("consent.json")
        try AtomicFile.write(Data("original".utf8), to: url)
        #expect(throws: StorageError.self) {
            try AtomicFile.write(Data("replacement".utf8), to: url, permissions: 0o644, calls: Self.failing(call, code))
        }
        do {
            try AtomicFile.write(Data("replacement".utf8), to: url, permissions: 0o644, calls: Self.failing(call, code))
        } catch let error as StorageError {
            let line = "\(error)"
            #expect(line.contains(url.path))
            #expect(!line.contains("\n"))
            if code == ENOSPC {
                #expect(error == .diskFull(path: url.path))
            } else {
                #expect(line.contains("(errno \(code))"))
                #expect(line.contains(call))
            }
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == "original")
        #expect(try Self.leftovers(in: dir).isEmpty)
    }

    @Test func aFailingFolderFsyncAfterTheRenameIsReported() throws {
        let dir = try TemporaryDirectory("atomic")
        let url = dir.path("registry.json")
        do {
            try AtomicFile.write(Data("x".utf8), to: url, permissions: 0o600, calls: Self.failing("folder-fsync", EIO))
            Issue.record("no error")
        } catch let error as StorageError {
            #expect("\(error)".contains(url.path))
            #expect("\(error)".contains("cannot fsync its folder"))
        }
    }

    @Test func aRealRenameFailureKeepsWhatIsThere() throws {
        // A folder with a file in it cannot be replaced by a file: rename fails with EISDIR.
        let dir = try TemporaryDirectory("atomic")
        let url = dir.path("taken")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: url.appendingPathComponent("inside"))
        do {
            try AtomicFile.write(Data("x".utf8), to: url)
            Issue.record("no error")
        } catch let error as StorageError {
            #expect("\(error)".contains(url.path))
            #expect("\(error)".contains("(errno \(EISDIR))"))
        }
        #expect(try String(contentsOf: url.appendingPathComponent("inside"), encoding: .utf8) == "keep")
        #expect(try Self.leftovers(in: dir).isEmpty)
    }

    @Test func aCommitThatMustNotReplaceRefusesAnExistingFile() throws {
        let dir = try TemporaryDirectory("atomic")
        let url = dir.path("export.csv")
        try Data("first".utf8).write(to: url)
        let temp = dir.path(".export.csv.part")
        try Data("second".utf8).write(to: temp)
        #expect(throws: StorageError.self) { try AtomicFile.commit(temp, to: url, replacing: false) }
        #expect(try String(contentsOf: url, encoding: .utf8) == "first")
        #expect(!FileManager.default.fileExists(atPath: temp.path))
    }

    @Test func aFinishedRecordingWhoseFsyncFailsNeverAppearsUnderItsFinalName() throws {
        let dir = try TemporaryDirectory("atomic")
        let partial = dir.path("r.h5.partial")
        try Data("hdf5".utf8).write(to: partial)
        let final = dir.path("r.h5")
        do {
            try AtomicFile.commit(partial, to: final, replacing: true, calls: Self.failing("fsync", EIO))
            Issue.record("no error")
        } catch let error as StorageError {
            #expect("\(error)".contains(final.path))
        }
        #expect(!FileManager.default.fileExists(atPath: final.path))
    }
}

/// Folder commits (the CSV export's folder of files).
struct AtomicFolderCommitTests {
    @Test func aFolderIsCommittedWithItsFilesAndNeverOverAnExistingOne() throws {
        let dir = try TemporaryDirectory("atomic-folder")
        let temp = dir.path(".export.part")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: false)
        try Data("a".utf8).write(to: temp.appendingPathComponent("a.csv"))
        let target = dir.path("export")
        try AtomicFile.commitFolder(temp, to: target)
        #expect(try String(contentsOf: target.appendingPathComponent("a.csv"), encoding: .utf8) == "a")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: false)
        #expect(throws: StorageError.self) { try AtomicFile.commitFolder(temp, to: target) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["a.csv"])
    }

    @Test func aFileThatCannotBeSyncedStopsTheCommitAndIsNamed() throws {
        let dir = try TemporaryDirectory("atomic-folder")
        let temp = dir.path(".export.part")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: false)
        try Data("a".utf8).write(to: temp.appendingPathComponent("eeg.csv"))
        let target = dir.path("export")
        do {
            try AtomicFile.commitFolder(temp, to: target, calls: AtomicFileTests.failing("fsync", EIO))
            Issue.record("no error")
        } catch let error as StorageError {
            #expect("\(error)".contains(target.path))
            #expect("\(error)".contains("eeg.csv"))
            #expect("\(error)".contains("(errno \(EIO))"))
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }
}
