import Foundation
import TestSupport
import Testing

/// `study-recorder redecode` against recordings the real CLI made: from a simulated headband (the
/// CLI's own `simulate-headband`), decoded again into an equal file; from the oscillator, refused
/// with one line and exit 65.
@Suite(.tags(.process, .server))
struct RedecodeCommandTests {
    @Test func aMuseRecordingIsDecodedAgainIntoANewFileBesideIt() throws {
        let headband = try MuseCLITests.Headband(["--drop-blocks", "30"], speed: 20)
        let dir = try TemporaryDirectory("cli-redecode")
        let recorded = try CLI.run([
            "record", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "6s", "--data", dir.url.path, "--json",
        ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let item = try JSONDecoder.iso.decode(MuseCLITests.StoredItem.self, from: Data(recorded.stdout.utf8))
        let file = dir.url.appendingPathComponent(item.path)
        let out = dir.path("again.h5")
        let result = try CLI.run(["redecode", file.path, "--out", out.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        struct Summary: Decodable { var file: String; var samples: Int; var decoder: String?; var recordedDecoder: String? }
        let summary = try JSONDecoder().decode(Summary.self, from: Data(result.stdout.utf8))
        #expect(summary.file == out.path && summary.samples == 6 * 256)
        #expect(summary.decoder == "muse-classic/1" && summary.recordedDecoder == "muse-classic/1")
        #expect(FileManager.default.fileExists(atPath: file.path))
        // Refused the second time: a redecoding never overwrites.
        let again = try CLI.run(["redecode", file.path, "--out", out.path])
        #expect(again.status != 0 && again.stderr.split(separator: "\n").count == 1, "\(again.stderr)")
    }

    /// Records `seconds` of signal from `headband` at `--speed 20` into `dir` and returns the file.
    static func record(_ headband: MuseCLITests.Headband, seconds: Int, in dir: TemporaryDirectory) throws -> URL {
        let result = try CLI.run([
            "record", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "\(seconds)s", "--data",
            dir.url.path, "--no-quality", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        return dir.url.appendingPathComponent(try JSONDecoder.iso.decode(MuseCLITests.StoredItem.self, from: Data(result.stdout.utf8)).path)
    }

    /// `simulate-headband --replay RECORDING.h5` plays a Muse S Athena recording's stored
    /// notifications: recorded again, the EEG codes are those of the first recording.
    @Test(.tags(.python)) func anAthenaRecordingIsPlayedBackIntoAnEqualRecording() throws {
        let dir = try TemporaryDirectory("cli-replay-h5")
        func record(_ headband: MuseCLITests.Headband, seconds: Int) throws -> URL { try Self.record(headband, seconds: seconds, in: dir) }
        let first = try record(try MuseCLITests.Headband(["--model", "athena"], speed: 20), seconds: 8)
        let second = try record(try MuseCLITests.Headband(["--replay", first.path], speed: 20), seconds: 7)
        let script = """
            import h5py, sys, numpy as np
            a, b = h5py.File(sys.argv[1], 'r'), h5py.File(sys.argv[2], 'r')
            x, y = a['Recording/RawData'][()], b['Recording/RawData'][()]
            print('equal' if y.shape[0] == 7 * 256 and np.array_equal(x[:y.shape[0]], y) else f'differ {x.shape} {y.shape}')
            """
        let verdict = try PythonTool.run(script: script, arguments: [first.path, second.path])
        #expect(verdict.trimmingCharacters(in: .whitespacesAndNewlines) == "equal", "\(verdict)")
    }

    /// `simulate-headband --replay RECORDING.h5` plays a classic Muse recording's stored
    /// notifications on their characteristics, and its control replies: recorded again through the
    /// classic decoding path, the EEG codes, accelerometer and gyroscope are those of the first
    /// recording, the headband's serial number is the recorded one, and the source says "replay".
    /// A recording without the headband's bytes is refused in one line, 65.
    @Test(.tags(.python)) func aClassicRecordingIsPlayedBackIntoAnEqualRecording() throws {
        let dir = try TemporaryDirectory("cli-replay-classic")
        func record(_ headband: MuseCLITests.Headband, seconds: Int) throws -> URL { try Self.record(headband, seconds: seconds, in: dir) }
        let first = try record(try MuseCLITests.Headband(["--serial", "5023-ABCD-1234"], speed: 20), seconds: 8)
        let second = try record(try MuseCLITests.Headband(["--replay", first.path], speed: 20), seconds: 7)
        let script = """
            import h5py, sys, numpy as np
            a, b = h5py.File(sys.argv[1], 'r'), h5py.File(sys.argv[2], 'r')
            x, y = a['Recording/RawData'][()], b['Recording/RawData'][()]
            out = ['equal' if y.shape[0] == 7 * 256 and np.array_equal(x[:y.shape[0]], y) else f'differ {x.shape} {y.shape}']
            for s in ('accelerometer', 'gyroscope'):
                p, q = a[f'Streams/{s}/Data'][()], b[f'Streams/{s}/Data'][()]
                n = min(len(p), len(q))
                out.append(f'{s} ' + ('equal' if n > 300 and np.array_equal(p[:n], q[:n]) else f'differ {p.shape} {q.shape}'))
            text = lambda v: v.decode() if isinstance(v, bytes) else str(v)
            out.append(text(b['Recording'].attrs['DeviceSerial']))
            out.append(text(b['Provenance'].attrs['Source']))
            print(' '.join(out))
            """
        let verdict = try PythonTool.run(script: script, arguments: [first.path, second.path])
        #expect(
            verdict.trimmingCharacters(in: .whitespacesAndNewlines) == "equal accelerometer equal gyroscope equal 5023-ABCD-1234 replayed-capture",
            "\(verdict)")
        let oscillator = try CLI.run(["record", "--data", dir.url.path, "--duration", "1s", "--speed", "0", "--json"])
        let item = try JSONDecoder.iso.decode(MuseCLITests.StoredItem.self, from: Data(oscillator.stdout.utf8))
        let refused = try CLI.run([
            "simulate-headband", "unix:" + dir.path("x.sock").path, "--replay", dir.url.appendingPathComponent(item.path).path,
        ])
        #expect(refused.status == 65 && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("keeps no device notifications"), "\(refused.stderr)")
    }

    @Test func aRecordingWithoutTheHeadbandsBytesIsRefusedWith65() throws {
        let dir = try TemporaryDirectory("cli-redecode-none")
        let recorded = try CLI.run(["record", "--data", dir.url.path, "--duration", "2s", "--speed", "0", "--json"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let item = try JSONDecoder.iso.decode(MuseCLITests.StoredItem.self, from: Data(recorded.stdout.utf8))
        let result = try CLI.run(["redecode", dir.url.appendingPathComponent(item.path).path])
        #expect(result.status == 65)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("keeps no device notifications"), "\(result.stderr)")
    }
}
