import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// Every time, index and code dataset of a recording carries a `unit` attribute, as h5py reads it:
/// the events' times and sample indices, the per-sample marker codes and the `/Quality` series' times
/// (a reader of the file alone must not need docs/formats.md to know them).
@Suite(.tags(.python))
struct RecordingUnitsTests {
    @Test func timeIndexAndCodeDatasetsNameTheirUnits() throws {
        let dir = try TemporaryDirectory("units")
        let url = dir.path("units.h5")
        let writer = try RecordingWriter(url: url, metadata: RecordingStructureTests.metadata(), options: .init(chunkSeconds: 1))
        try RecordingStructureTests.feed(writer)
        try writer.finish(.complete)
        writer.removeJournal()
        let script = """
            import sys, json, h5py
            f = h5py.File(sys.argv[1], 'r')
            names = ['Events/Time', 'Events/SampleIndex', 'Recording/Marker', 'Recording/TimeStamp', 'Quality/GradeTime', 'Quality/BandPowerAbsoluteTime']
            text = lambda v: v.decode() if isinstance(v, bytes) else str(v)
            print(json.dumps({n: text(f[n].attrs.get('unit', '')) for n in names}))
            """
        let units = try PythonTool.json([String: String].self, script: script, arguments: [url.path])
        typealias U = RecordingFormat.Unit
        #expect(units["Events/Time"] == U.secondsSinceEpoch)
        #expect(units["Events/SampleIndex"] == U.sampleIndex)
        #expect(units["Recording/Marker"] == U.markerCode)
        #expect(units["Recording/TimeStamp"] == U.microsecondsSinceEpoch)
        #expect(units["Quality/GradeTime"] == U.secondsSinceEpoch && units["Quality/BandPowerAbsoluteTime"] == U.secondsSinceEpoch)
    }
}
