import DataSources
import Foundation
import Processing

/// The full processing pipeline on 1 h of 5-channel 256 Hz signal (the oscillator's realistic mode
/// with the AUX channel), against `scipy.signal.welch` on the same data.
enum PipelineBenchmark {
    static let fs = 256.0
    static let seconds = 3600.0

    static func run(python: String, outputDirectory: URL, coreOnly: Bool = false) throws {
        var generator = OscillatorGenerator(
            configuration: OscillatorConfiguration(mode: .realistic, seed: 42, samplingRate: fs, auxChannel: true, startTime: 0))
        let samples = generator.next(Int(fs * seconds))[0]
        let descriptor = OscillatorConfiguration(samplingRate: fs, auxChannel: true).descriptor
        let channels = (0..<5).map { c in (0..<samples.count).map { samples.value(row: $0, channel: c) } }
        /// Calls `body` with each row (index, values) as a live source would deliver them.
        func forEachRow(_ body: (Int64, UnsafeBufferPointer<Double>) -> Void) {
            samples.values.withUnsafeBufferPointer { v in
                for r in 0..<samples.count { body(samples.firstIndex + Int64(r), UnsafeBufferPointer(rebasing: v[(r * 5)..<((r + 1) * 5)])) }
            }
        }
        print("Pipeline: \(samples.count) samples × 5 channels (\(Int(seconds)) s at \(Int(fs)) Hz), one thread")

        // 1. Welch alone: the whole hour, per channel, nperseg 512, noverlap 256 (scipy's call below).
        var welch = WelchEstimator(parameters: WelchParameters(segmentLength: 512, overlap: 256), samplingRate: fs)
        var sink = 0.0
        let welchTime = Timing.seconds(trials: 9) {
            for c in 0..<5 { sink += welch.spectrum(channels[c]).density[20] }
        }
        // 2. The pipeline: whole-hour Welch band power + both quality modes (MYND and line
        //    noise), fed sample by sample as a live source would deliver them.
        let core = Timing.seconds(trials: 7) {
            let method = BandPowerMethod.standard(samplingRate: fs)
            var welch = WelchAccumulator(parameters: method.welch, channelCount: 5, samplingRate: fs)
            var mynd = MyndQualityEstimator(channelCount: 5, samplingRate: fs)
            var noise = LineNoiseEstimator(channelCount: 5, samplingRate: fs, mains: .fifty)
            var readings = 0
            forEachRow { index, row in
                welch.append(row)
                if mynd.append(row, sampleIndex: index) != nil { readings += 1 }
                if noise.append(row, sampleIndex: index) != nil { readings += 1 }
            }
            let powers = (0..<5).map { BandPowers(spectrum: welch.spectrum(channel: $0), method: method) }
            sink += powers[0].absolute[2] + Double(readings)
        }
        // Its parts alone, to see where the time goes.
        let welchPart = Timing.seconds(trials: 5) {
            var welch = WelchAccumulator(parameters: BandPowerMethod.standard(samplingRate: fs).welch, channelCount: 5, samplingRate: fs)
            forEachRow { _, row in welch.append(row) }
            sink += welch.spectrum(channel: 0).density[20]
        }
        let myndPart = Timing.seconds(trials: 5) {
            var mynd = MyndQualityEstimator(channelCount: 5, samplingRate: fs)
            forEachRow { index, row in if let r = mynd.append(row, sampleIndex: index) { sink += r.quality[0] } }
        }
        let noisePart = Timing.seconds(trials: 5) {
            var noise = LineNoiseEstimator(channelCount: 5, samplingRate: fs, mains: .fifty)
            forEachRow { index, row in if noise.append(row, sampleIndex: index) != nil { sink += 1 } }
        }
        let parts = String(format: "(parts alone: Welch %.3f s, MYND %.3f s, line noise %.3f s)", welchPart, myndPart, noisePart)
        if coreOnly {
            print(String(format: "core: %.3f s CPU ", core) + parts)
            return
        }
        // 3. analyze: whole-recording Welch band power + MYND quality + line-noise mode + grades/verdict.
        var verdict = ""
        let analyzeTime = Timing.seconds(trials: 5) {
            var analyzer = RecordingAnalyzer(descriptor: descriptor)
            var start = 0
            while start < samples.count {
                let end = min(samples.count, start + 256)
                analyzer.process(samples.slice(start..<end))
                start = end
            }
            let result = analyzer.result()
            verdict = result.verdict?.rawValue ?? "none"
            sink += result.channels[0].bandPowers.absolute[2]
        }
        // 4. Streaming, as `check`/recording run it: + band power of the last 4 s every second.
        var updates = 0
        let streamingTime = Timing.seconds(trials: 5) {
            var processor = SignalProcessor(descriptor: descriptor)
            var start = 0
            updates = 0
            while start < samples.count {
                let end = min(samples.count, start + 16)
                updates += processor.process(samples.slice(start..<end)).count
                start = end
            }
        }
        if sink.isNaN { print("") }

        // scipy on the same data.
        try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        let file = outputDirectory.appendingPathComponent("pipeline-5ch-1h.f64")
        let interleaved = channels.flatMap { $0 }
        try interleaved.withUnsafeBufferPointer { Data(buffer: $0) }.write(to: file)
        let script = """
        import sys, time, json, numpy as np, scipy, scipy.signal as ss
        x = np.fromfile(sys.argv[1]).reshape(5, -1)
        best = 1e9
        for _ in range(9):
            t = time.thread_time(); f, p = ss.welch(x, 256.0, window='hann', nperseg=512, noverlap=256, detrend='constant', scaling='density', axis=-1); best = min(best, time.thread_time() - t)
        print(json.dumps({"seconds": best, "scipy": scipy.__version__, "numpy": np.__version__, "p": p[:, 20].tolist()}))
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        struct ScipyResult: Decodable { var seconds: Double; var scipy: String; var numpy: String; var p: [Double] }
        let scipy = try JSONDecoder().decode(ScipyResult.self, from: data)
        try? FileManager.default.removeItem(at: file)
        // Same numbers?
        var check = WelchEstimator(parameters: WelchParameters(segmentLength: 512, overlap: 256), samplingRate: fs)
        let worst = (0..<5).map { c in abs(check.spectrum(channels[c]).density[20] - scipy.p[c]) / scipy.p[c] }.max() ?? .nan

        func line(_ name: String, _ t: Double) -> String {
            name.padding(toLength: 58, withPad: " ", startingAt: 0) + String(format: " %8.3f s CPU  %8.0f× real time", t, seconds / t)
        }
        print(line("scipy.signal.welch (5 ch, nperseg 512, noverlap 256)", scipy.seconds) + "  [scipy \(scipy.scipy), numpy \(scipy.numpy)]")
        print(line("in-house WelchEstimator, same call", welchTime) + String(format: "  (%.1f× scipy's speed; max rel. diff %.1e)", scipy.seconds / welchTime, worst))
        print(line("Welch band power + MYND mode + line-noise mode", core) + "  " + parts)
        print(line("analyze: the above + 1/2/4 grades every 0.5 s + verdict", analyzeTime) + "  verdict \(verdict)")
        print(line("streaming SignalProcessor (+ 4 s band power every 1 s)", streamingTime) + "  \(updates) updates")
        // For bench/run-all.sh: CPU seconds, ours against scipy.signal.welch on the same array.
        print(String(format: "RESULT welch-vs-scipy %.3f %.3f %.2f -", welchTime, scipy.seconds, welchTime / scipy.seconds))
        print(String(format: "RESULT analyze-vs-scipy %.3f %.3f %.2f -", analyzeTime, scipy.seconds, analyzeTime / scipy.seconds))
    }
}
