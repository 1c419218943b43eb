import Foundation
import TestSupport
import Testing

/// `record --markers keys`: a key 1–9 on standard input is a marker with that code, stored on the
/// sample nearest the moment it was pressed; other keys are none.
@Suite(.tags(.process, .python))
struct KeyMarkersTests {
    struct Stored: Decodable {
        var codes: [Int]
        var labels: [String]
        var times: [Double]
        var sample_times: [Double]
    }

    @Test func keysOneToNineAreMarkersAtTheSampleNearestThePress() throws {
        let dir = try TemporaryDirectory("key-markers")
        let recorder = Process()
        recorder.executableURL = try CLI.binary()
        recorder.arguments = ["record", "--data", dir.url.path, "--duration", "6s", "--markers", "keys", "--json"]
        let keys = Pipe(), output = Pipe()
        recorder.standardInput = keys
        recorder.standardOutput = output
        recorder.standardError = FileHandle.nullDevice
        try recorder.runWithTerminationSignals()
        defer { if recorder.isRunning { recorder.terminate() } }
        // Once the recording holds data (its journal exists), press 2, then a letter, then 9.
        let journal = try #require(FileWaiter.firstBlocking(withExtension: "journal", below: dir.url, timeout: 30))
        #expect(FileWaiter.untilSize(of: journal, atLeast: 8_000, timeout: 30))
        let first = Date().timeIntervalSince1970
        keys.fileHandleForWriting.write(Data("2".utf8))
        usleep(700_000)
        keys.fileHandleForWriting.write(Data("a".utf8))
        let second = Date().timeIntervalSince1970
        keys.fileHandleForWriting.write(Data("9".utf8))
        let json = output.fileHandleForReading.readDataToEndOfFile()
        recorder.waitUntilExit()
        #expect(recorder.terminationStatus == 0)
        struct Item: Decodable { var path: String }
        let item = try JSONDecoder().decode(Item.self, from: json)
        let stored = try PythonTool.json(
            Stored.self,
            script: """
                import h5py, json, sys
                f = h5py.File(sys.argv[1], 'r')
                codes = f['Events/Code'][()].tolist(); samples = f['Events/SampleIndex'][()].ravel().tolist()
                stamps = f['Recording/TimeStamp'][()].ravel()
                keep = [k for k, c in enumerate(codes) if c > 0]
                print(json.dumps({'codes': [codes[k] for k in keep], 'labels': [f['Events/Label'].asstr()[k] for k in keep],
                  'times': [float(f['Events/Time'][k]) for k in keep], 'sample_times': [float(stamps[samples[k]]) / 1e6 for k in keep]}))
                """, arguments: [dir.url.appendingPathComponent(item.path).path])
        #expect(stored.codes == [2, 9] && stored.labels == ["key 2", "key 9"], "\(stored)")
        guard stored.times.count == 2 else { return }
        // Each marker is on the sample nearest its moment (half a sample at 256 Hz) …
        for (time, sample) in zip(stored.times, stored.sample_times) {
            #expect(abs(time - sample) <= 0.5 / 256 + 1e-6, "marker at \(time), its sample at \(sample)")
        }
        // … and its moment is when the key was written (the reader polls every 50 ms at most).
        #expect(abs(stored.times[0] - first) < 0.1, "\(stored.times[0] - first) s")
        #expect(abs(stored.times[1] - second) < 0.1, "\(stored.times[1] - second) s")
    }
}
