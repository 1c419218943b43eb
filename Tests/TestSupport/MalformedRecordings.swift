public import Foundation

/// Recordings that are wrong in one way each, written with h5py (the way a researcher's script or a
/// damaged disk would produce them), for tests that every reader refuses them with one clear error.
public enum MalformedRecordings {
    /// One malformed file: its name (without `.h5`) and a phrase the refusal must contain.
    public struct Case: Sendable, CustomStringConvertible {
        public var name: String
        public var reason: String
        public var description: String { name }

        public init(name: String, reason: String) {
            self.name = name
            self.reason = reason
        }
    }

    /// Every case ``write(into:)`` creates.
    public static let cases: [Case] = [
        Case(name: "rate_zero", reason: "sampling rate"), Case(name: "rate_negative", reason: "sampling rate"),
        Case(name: "rate_nan", reason: "sampling rate"), Case(name: "rate_inf", reason: "sampling rate"),
        Case(name: "rate_huge", reason: "sampling rate"), Case(name: "rate_tiny", reason: "sampling rate"),
        Case(name: "rate_missing", reason: "no sampling rate"), Case(name: "rate_text", reason: "SamplingRate) is not a number"),
        Case(name: "rate_text_reference_256", reason: "SamplingRate) is not a number"),
        Case(name: "rate_list", reason: "SamplingRate) is not a number"),
        Case(name: "data_1d", reason: "1-D"), Case(name: "data_3d", reason: "3-D"),
        Case(name: "data_text", reason: "does not hold numbers"), Case(name: "data_compound", reason: "does not hold numbers"),
        Case(name: "data_no_columns", reason: "0 channels"), Case(name: "data_group", reason: "no /Recording/Data"),
        Case(name: "names_too_few", reason: "ChannelNames"), Case(name: "names_too_many", reason: "ChannelNames"),
        Case(name: "names_numbers", reason: "ChannelNames"), Case(name: "names_huge", reason: "ChannelNames"),
        Case(name: "rows_huge", reason: "more than 31 days"), Case(name: "columns_huge", reason: "channels"),
        Case(name: "timestamps_text", reason: "TimeStamp"), Case(name: "timestamps_short", reason: "TimeStamp has 100 times"),
        Case(name: "events_outside", reason: "SampleIndex of event 2 is 4611686018427387904"),
        Case(name: "events_negative", reason: "SampleIndex of event 1 is -1"),
        Case(name: "names_control", reason: "control character in the name of channel 2"), Case(name: "markers_wide", reason: "Marker"),
        Case(name: "raw_wrong_columns", reason: "RawData"), Case(name: "stream_rate_nan", reason: "stream"),
        Case(name: "truncated", reason: "not an HDF5 file"), Case(name: "empty", reason: "not an HDF5 file"),
        Case(name: "chunk_bytes_corrupt", reason: "cannot be read"),
    ]

    /// Files that are odd but readable: NaN or out-of-range metadata attributes that read as "not
    /// stored" (and must not trap), and a recording without samples.
    public static let readable = ["attributes_nan", "no_samples"]

    /// Writes every case (and ``readable``) into `directory` as `<name>.h5`.
    public static func write(into directory: URL) throws {
        _ = try PythonTool.run(script: script, arguments: [directory.path])
    }

    private static let script = """
        import sys, os, h5py, numpy as np
        d = sys.argv[1]
        S = h5py.string_dtype()
        def rec(name, data=None, rate=256.0, names=None, extra=None):
            with h5py.File(os.path.join(d, name + '.h5'), 'w') as f:
                g = f.create_group('Recording')
                g.create_dataset('Data', data=np.zeros((512, 4)) if data is None else data)
                if rate is not None: g.attrs['SamplingRate'] = rate
                if names is not None: g.create_dataset('ChannelNames', data=names)
                if extra: extra(f, g)
        rec('rate_zero', rate=0.0); rec('rate_negative', rate=-256.0); rec('rate_nan', rate=float('nan'))
        rec('rate_inf', rate=float('inf')); rec('rate_huge', rate=1e300); rec('rate_tiny', rate=1e-300)
        rec('rate_missing', rate=None); rec('rate_text', rate='fast')
        rec('rate_text_reference_256', rate='fast', extra=lambda f, g: g.attrs.create('samplingRate', 256.0))
        rec('rate_list', rate=np.array([256.0, 512.0]))
        def events(samples):
            def make(f, g):
                e = f.create_group('Events'); n = len(samples)
                e.create_dataset('SampleIndex', data=np.array(samples, dtype='i8')); e.create_dataset('Time', data=np.zeros(n))
                e.create_dataset('Code', data=np.full(n, 100, dtype='i8')); e.create_dataset('Label', data=np.array(['x'] * n, dtype=S))
            return make
        rec('events_outside', extra=events([10, 2**62])); rec('events_negative', extra=events([-1]))
        rec('timestamps_short', extra=lambda f, g: g.create_dataset('TimeStamp', data=np.arange(100, dtype='i8')))
        rec('names_control', names=np.array(['TP9', 'AF7\\nX', 'AF8', 'TP10'], dtype=S))
        rec('data_1d', data=np.zeros(512)); rec('data_3d', data=np.zeros((8, 4, 2)))
        rec('data_text', data=np.array([['a', 'b'], ['c', 'd']], dtype=S))
        rec('data_compound', data=np.zeros(8, dtype=[('a', 'f8'), ('b', 'i4')]))
        rec('data_no_columns', data=np.zeros((8, 0)))
        with h5py.File(os.path.join(d, 'data_group.h5'), 'w') as f: f.create_group('Recording/Data')
        rec('names_too_few', names=np.array(['a', 'b'], dtype=S)); rec('names_too_many', names=np.array(['a'] * 100, dtype=S))
        rec('names_numbers', names=np.arange(4.0))
        rec('names_huge', extra=lambda f, g: g.create_dataset('ChannelNames', shape=(2**40,), dtype=S, chunks=(1024,)))
        for name, shape, chunks in [('rows_huge', (2**40, 4), (1024, 4)), ('columns_huge', (4, 2**40), (1, 1024))]:
            with h5py.File(os.path.join(d, name + '.h5'), 'w') as f:
                g = f.create_group('Recording'); g.attrs['SamplingRate'] = 256.0
                g.create_dataset('Data', shape=shape, dtype='f8', chunks=chunks)
        rec('timestamps_text', extra=lambda f, g: g.create_dataset('TimeStamp', data=np.array(['x'] * 512, dtype=S)))
        rec('markers_wide', extra=lambda f, g: g.create_dataset('Marker', shape=(512, 2**30), dtype='i8', chunks=(1, 1024)))
        rec('raw_wrong_columns', extra=lambda f, g: g.create_dataset('RawData', data=np.zeros((512, 2), dtype='u2')))
        def stream(f, g):
            a = f.create_group('Streams/acc'); a.attrs['SamplingRate'] = float('nan')
        rec('stream_rate_nan', extra=stream)
        def nan_attributes(f, g):
            for k in ['Session', 'Run', 'day', 'Complete', 'PowerLineFrequency']: g.attrs[k] = float('nan')
            r = g.create_dataset('RawData', data=np.zeros((512, 4), dtype='u2'))
            r.attrs['RawBits'] = 1e300; r.attrs['RawScale'] = 1.0; r.attrs['RawOffset'] = 0.0
            g.create_dataset('Marker', data=np.full(512, 2**40, dtype='i8'))
        rec('attributes_nan', extra=nan_attributes)
        rec('no_samples', data=np.zeros((0, 4)))
        rec('whole', data=np.random.default_rng(1).normal(size=(4096, 4)), names=np.array(['TP9', 'AF7', 'AF8', 'TP10'], dtype=S))
        whole = open(os.path.join(d, 'whole.h5'), 'rb').read()
        open(os.path.join(d, 'truncated.h5'), 'wb').write(whole[:len(whole) // 2])
        open(os.path.join(d, 'empty.h5'), 'wb').write(b'')
        with h5py.File(os.path.join(d, 'chunk_bytes_corrupt.h5'), 'w') as f:
            g = f.create_group('Recording'); g.attrs['SamplingRate'] = 256.0
            ds = g.create_dataset('Data', data=np.random.default_rng(2).normal(size=(4096, 4)), chunks=(256, 4), compression='gzip')
            offsets = [ds.id.get_chunk_info(i).byte_offset for i in range(ds.id.get_num_chunks())]
        b = bytearray(open(os.path.join(d, 'chunk_bytes_corrupt.h5'), 'rb').read())
        for o in offsets:
            b[o:o + 64] = b'\\xab' * 64
        open(os.path.join(d, 'chunk_bytes_corrupt.h5'), 'wb').write(b)
        """
}
