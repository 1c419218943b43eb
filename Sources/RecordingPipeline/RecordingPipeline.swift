// RecordingPipeline: the one way a recording is made while it is watched. A source's controller
// with one signal processor (``QualityMonitor``), the producer that runs that processor inside a
// recording's writer and stores its results in `/Quality` (``QualitySeriesProducer``), the live QA
// rule (``QAJudge``, which classifies windows with Processing's `WindowFindings`) and the event
// stream a recording reports (``LiveRecordingEvent``, fed by ``LiveRecordingBridge``).
//
// Both clients drive it: the kit's `Recorder.record` (`study-recorder record`, SDK programs) and the
// study runner's blocks (`study-recorder run`). Its place in the target graph is between the
// libraries it joins and the two that use it:
//
//     DataSources ← Processing ←┐
//     DataSources ← Storage ←───┴─ RecordingPipeline ← Study ← StudyRecorderKit
//                                        ↑                         │
//                                        └─────────────────────────┘ (Recorder.record)
//
// Below Study, because the runner's blocks record through it and Study must not pull in the SDK
// facade and the Muse stack. The kit sits above Study (it runs a study's due session), but its
// `Recorder` records without any study, so it drives the pipeline directly, not through the runner.
// Above Storage and Processing, because it joins them: Storage stores derived series through its
// `DerivedSeriesProducer` protocol without knowing the algorithms, so Storage no longer imports
// Processing.
