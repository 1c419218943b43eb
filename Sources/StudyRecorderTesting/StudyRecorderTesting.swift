// StudyRecorderTesting: what a client of StudyRecorderKit needs to test its own code fast and
// deterministically — a scripted source, a controllable clock and an in-memory log handler. It
// depends on DataSources and swift-log only, as the anchors' testing products depend down
// (swift-log's InMemoryLogging, HummingbirdTesting), so the package's lower test targets use it too;
// a client's tests import it beside `StudyRecorderKit` (whose `InMemoryDestination` is the in-memory
// upload destination).
