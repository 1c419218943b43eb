# StudyRecorder: the two commands a newcomer needs are `make demo` and `make test`; each sets itself up.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)
export TMPDIR := $(CURDIR)/.tmp

.PHONY: bootstrap build demo test test-fast format bench install docs clean

bootstrap:
	@mkdir -p $(TMPDIR)
	@scripts/bootstrap

build: bootstrap
	@swift build --product study-recorder

# Runs the example study with the oscillator and a scripted participant (--auto) into ./demo-data, up
# to and including its first recording session (two questionnaires, then 3 blocks of rest at 20x
# speed), and shows what was stored.
DEMO_STUDY := Studies/mynd-example
demo: build
	@rm -rf demo-data
	@bin=$$(swift build --show-bin-path)/study-recorder; \
	  $$bin enroll $(DEMO_STUDY) --data demo-data --name "Demo Participant" --auto >/dev/null && \
	  for session in 1 2 3; do $$bin run $(DEMO_STUDY) --data demo-data --auto --speed 20 | grep -v '^(cue)' || exit 1; done && \
	  $$bin status $(DEMO_STUDY) --data demo-data && \
	  $$bin list --data demo-data

# The whole test suite; tests start and stop the servers they need on free loopback ports. The
# suite is built optimised (what ships; signal processing in a debug build is ~10x slower) and run
# as four serial `swift test` processes side by side (scripts/test-shards says why and how).
SWIFT_TEST_ARGS := -c release -Xswiftc -enable-testing
export SWIFT_TEST_ARGS
test: bootstrap
	@swift build --build-tests $(SWIFT_TEST_ARGS)
	@scripts/test-shards

# The in-process tests only, in under a minute: the suites tagged as starting something outside the test
# process (the CLI and other programs, loopback servers, Python, Chromium: the tags in
# Tests/TestSupport/TestTags.swift) are skipped. For quick edit-test cycles; `make test` runs them all.
test-fast: bootstrap
	@swift build --build-tests $(SWIFT_TEST_ARGS)
	@scripts/test-shards --skip-tags process,server,python,chromium

# Formats the sources with the toolchain's swift-format and the project's .swift-format.
format:
	@swift format -i -r Sources Tests Examples

# The release binary for deployment, with the Swift runtime and Foundation linked statically (it then
# needs only the Debian libraries: libhdf5, gpgme, libcurl, libsqlite3, libbluetooth) installed as
# $(PREFIX)/bin/study-recorder. Static linking also takes ~6 MB off the recorder's resident memory;
# scripts/static-build holds the build's flags (shared with the benchmarks) and why.
PREFIX ?= /usr/local
install: bootstrap
	@scripts/static-build --product study-recorder
	@install -D -m 0755 "$$(scripts/static-build --show-bin-path)/study-recorder" "$(DESTDIR)$(PREFIX)/bin/study-recorder"
	@echo "installed $(DESTDIR)$(PREFIX)/bin/study-recorder"

# The kit's DocC catalog (Sources/StudyRecorderKit/StudyRecorderKit.docc) as a documentation archive in
# .build-docs/StudyRecorderKit.doccarchive. The symbol graphs come from a release build of the kit in a
# scratch folder of its own (the extra compiler flags would otherwise rebuild `make test`'s objects);
# only the kit's own graphs (which include the modules it re-exports) are passed to docc.
DOCS_SCRATCH ?= .build-docs
docs: bootstrap
	@rm -rf $(DOCS_SCRATCH)/symbol-graphs && mkdir -p $(DOCS_SCRATCH)/symbol-graphs/all $(DOCS_SCRATCH)/symbol-graphs/kit
	@swift build -c release --scratch-path $(DOCS_SCRATCH) --target StudyRecorderKit -Xswiftc -emit-symbol-graph \
	  -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/$(DOCS_SCRATCH)/symbol-graphs/all
	@cp $(DOCS_SCRATCH)/symbol-graphs/all/StudyRecorderKit.symbols.json $(DOCS_SCRATCH)/symbol-graphs/all/StudyRecorderKit@*.symbols.json \
	  $(DOCS_SCRATCH)/symbol-graphs/kit/ 2>/dev/null || test -f $(DOCS_SCRATCH)/symbol-graphs/kit/StudyRecorderKit.symbols.json
	@docc convert Sources/StudyRecorderKit/StudyRecorderKit.docc --additional-symbol-graph-dir $(DOCS_SCRATCH)/symbol-graphs/kit \
	  --fallback-display-name StudyRecorderKit --fallback-bundle-identifier org.studyrecorder.StudyRecorderKit \
	  --output-path $(DOCS_SCRATCH)/StudyRecorderKit.doccarchive
	@echo "documentation archive: $(DOCS_SCRATCH)/StudyRecorderKit.doccarchive (docc preview, or any static host)"

# The side-by-side comparisons of docs/performance.md in one go (transfer vs curl, recording vs h5py,
# export vs h5py + MNE, report, FFT vs FFTW, Welch and analyze vs scipy), shortened to a few minutes
# on 2 cores after the builds, ending in one table of ratios against their targets (exit 1 when one
# is missed). `bench/run-all.sh fft transfer` runs only those parts.
bench: bootstrap
	@bench/run-all.sh

clean:
	rm -rf .build .build-static .build-docs .tmp demo-data bench/out
