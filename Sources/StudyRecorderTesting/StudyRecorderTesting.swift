// StudyRecorderTesting: what a client of StudyRecorderKit needs to test its own code fast and
// deterministically — a scripted source, a controllable clock, an in-memory log handler, and (from
// Transfer) an in-memory upload destination. The anchors ship the same kind of product
// (swift-log's InMemoryLogging, HummingbirdTesting).
@_exported import StudyRecorderKit
