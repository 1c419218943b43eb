import DataSources
public import Processing
public import Storage

extension RecordingAnalyzer {
    /// Analyses the whole recording of `reader` in one pass of 10 s blocks, with its on-head flips
    /// and accelerometer as recorded. The quality windows are read from its `/Quality` when the
    /// recording stored them with this analyzer's settings (``StoredQuality``), else recomputed;
    /// ``qualityOrigin`` (and the result's) says which, and why.
    package mutating func analyze(_ reader: RecordingReader) throws {
        let opened = try StoredQuality.open(reader, configuration: configuration, needs: [.mynd, .lineNoise])
        guard var stored = opened.quality else {
            noteRecomputed(opened.origin)
            try reader.playBack(blockRows: max(1, Int(reader.samplingRate * 10))) { step in
                switch step {
                case .eeg(let block), .accelerometer(let block): process(block)
                case .state(let change): take(change)
                }
            }
            return
        }
        useStoredWindows(opened.origin)
        var pending: StoredQuality.Window?
        func takeStored(_ window: StoredQuality.Window) {
            take(windowEndingAt: window.lastRow, grades: window.grades, issues: window.issues, findings: window.findings, mynd: window.mynd)
        }
        try reader.playBack(blockRows: max(1, Int(reader.samplingRate * 10))) { step in
            switch step {
            case .eeg(let block):
                process(block)
                let end = block.firstIndex + Int64(block.count)
                while true {
                    if pending == nil { pending = try stored.nextWindow() }
                    guard let window = pending, window.lastRow < end else { break }
                    pending = nil
                    takeStored(window)
                }
            case .accelerometer(let block):
                process(block)
            case .state:
                break
            }
        }
        if let window = pending { takeStored(window) }
        while let window = try stored.nextWindow() { takeStored(window) }
        while let reading = try stored.nextLineNoise() { take(lineNoise: reading.quality, mainsFrequency: reading.mainsFrequency) }
    }
}
