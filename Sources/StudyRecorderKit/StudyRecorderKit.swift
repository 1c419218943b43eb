// StudyRecorderKit: the one import another Swift program needs to record EEG, watch signal quality
// live and upload, the way app developers use a device SDK. It re-exports the modules whose types
// appear in its API (sources and samples, processing results, the recording pipeline's events and
// QA status, the data folder and its catalog, transfer), so `import StudyRecorderKit` is enough;
// see docs/library.md.
@_exported import DataSources
@_exported import Muse
@_exported import Processing
@_exported import RecordingPipeline
@_exported import Storage
@_exported import Transfer
