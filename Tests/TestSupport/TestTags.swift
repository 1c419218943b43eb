public import Testing

/// What a suite needs beyond its own process. `make test-fast` runs the bundle skipping every suite
/// tagged with one of these (scripts/test-fast), so a suite that starts anything outside the test
/// process carries the tag of what it starts; an untagged suite runs in-process only.
extension Tag {
    /// Starts child programs: the `study-recorder` CLI, example programs, gpg, mount, sleep.
    @Tag public static var process: Self
    /// Starts a test server on loopback (WebDAV, SMTP, the fault proxy), a child process too.
    @Tag public static var server: Self
    /// Runs the project's Python (h5py, numpy, scipy, jsonschema references).
    @Tag public static var python: Self
    /// Renders in headless Chromium.
    @Tag public static var chromium: Self
}
