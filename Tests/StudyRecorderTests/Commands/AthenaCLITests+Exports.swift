import Foundation
import TestSupport
import Testing

extension AthenaCLITests {
    struct Exported: Decodable {
        var edf_channels: [String]
        var edf_rows: Int
        var edf_max_error_uv: Double
        var edf_half_step_uv: Double
        var bids_channels: [String]
        var bids_rows: Int
    }

    /// A recording of the real p1041 capture (8 EEG channels, optics, IMU, battery) opens in MNE
    /// through the EDF+ export (every value within half an EDF step of the HDF5) and through the
    /// BIDS export read by mne-bids, and the report renders it.
    @Test func anAthenaRecordingOpensInMNEAndTheReport() throws {
        let capture = ProjectPaths.root.appendingPathComponent("Tests/Fixtures/athena/data_p1041.txt").path
        let headband = try MuseCLITests.Headband(["--replay", capture], speed: 20)
        let dir = try TemporaryDirectory("cli-athena-exports")
        let data = dir.path("data")
        let recorded = try CLI.run([
            "record", "--source", "muse", "--device", headband.device, "--speed", "20", "--duration", "10s", "--data", data.path, "--json",
        ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let item = try JSONDecoder().decode(StoredItem.self, from: Data(recorded.stdout.utf8))
        for format in ["edf", "bids"] {
            let exported = try CLI.run([
                "export", item.path, "--data", data.path, "--format", format, "--include-simulated", "--out", dir.path(format).path,
            ])
            #expect(exported.status == 0, "\(format): \(exported.stderr)")
        }
        let result = try PythonTool.json(
            Exported.self,
            script: """
                import glob, json, sys, h5py, mne, mne_bids, numpy as np
                h5, edf_dir, bids_root = sys.argv[1:4]
                f = h5py.File(h5, 'r'); d = f['Recording/Data'][()]
                raw = mne.io.read_raw_edf(glob.glob(edf_dir + '/*.edf')[0], preload=True, verbose='error')
                x = raw.get_data().T * 1e6
                lo, hi = raw._raw_extras[0]['physical_min'][0], raw._raw_extras[0]['physical_max'][0]
                dmin, dmax = raw._raw_extras[0]['digital_min'][0], raw._raw_extras[0]['digital_max'][0]
                step = (hi - lo) / (dmax - dmin) * 1e6 if abs(hi - lo) < 1 else (hi - lo) / (dmax - dmin)
                sub = glob.glob(bids_root + '/sub-*')[0].split('sub-')[1]
                ses = glob.glob(bids_root + '/sub-*/ses-*')[0].split('ses-')[1]
                path = glob.glob(bids_root + '/sub-*/ses-*/eeg/*_eeg.edf')[0]
                b = mne_bids.read_raw_bids(mne_bids.get_bids_path_from_fname(path), verbose='error')
                print(json.dumps({'edf_channels': raw.ch_names, 'edf_rows': int(raw.n_times),
                  'edf_max_error_uv': float(np.nanmax(np.abs(x - d[:raw.n_times]))), 'edf_half_step_uv': float(step / 2),
                  'bids_channels': b.ch_names, 'bids_rows': int(b.n_times)}))
                """,
            arguments: [data.appendingPathComponent(item.path).path, dir.path("edf").path, dir.path("bids").path])
        let channels = ["TP9", "AF7", "AF8", "TP10", "AUX_1", "AUX_2", "AUX_3", "AUX_4"]
        #expect(result.edf_channels == channels && result.bids_channels == channels)
        #expect(result.edf_rows == 2560 && result.bids_rows == 2560)
        #expect(result.edf_max_error_uv <= result.edf_half_step_uv + 1e-6, "\(result.edf_max_error_uv) µV vs half a step \(result.edf_half_step_uv)")

        let report = dir.path("report.html")
        let reported = try CLI.run(["report", item.path, "--data", data.path, "--out", report.path])
        #expect(reported.status == 0, "\(reported.stderr)")
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("AUX_4") || html.contains("TP10"))
    }

    /// The study runner works on a Muse S Athena unchanged: the fitting passes on TP9/AF7/AF8/TP10
    /// of a simulated Athena (8 EEG channels streamed) and the rest session stores its three blocks
    /// from it, with their study markers.
    @Test func theMyndStudyRunsFromASimulatedAthena() throws {
        let headband = try MuseCLITests.Headband(["--model", "athena"], speed: 40)
        for block in try MuseCLITests.runMyndRest(from: headband, folder: "cli-athena-run") {
            #expect(block.model.hasPrefix("Muse S Athena") && block.raw && block.complete == 1)
            let study = block.codes.filter { $0 > 0 }
            #expect(study.first == 910 && study.last == 930, "\(block.codes)")
            #expect(block.rows > 60 * 256)
        }
    }
}
