# StudyRecorder: the two commands a newcomer needs are `make demo` and `make test`; each sets itself up.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)
export TMPDIR := $(CURDIR)/.tmp

.PHONY: bootstrap build demo test bench install clean

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

# The whole test suite; tests start and stop the servers they need on free loopback ports. Tests run
# one at a time: several of them time real processes (kill -9 recovery, interrupted blocks), and on
# two cores running everything at once is no faster anyway.
test: bootstrap
	@swift build --build-tests
	@swift test --skip-build --no-parallel

# The release binary for deployment, with the Swift runtime and Foundation linked statically (it then
# needs only the Debian libraries: libhdf5, gpgme, libcurl, libsqlite3, libbluetooth) installed as
# $(PREFIX)/bin/study-recorder. Static linking also takes ~6 MB off the recorder's resident memory.
PREFIX ?= /usr/local
install: bootstrap
	@swift build -c release --static-swift-stdlib --scratch-path .build-static --product study-recorder
	@install -D -m 0755 "$$(swift build -c release --static-swift-stdlib --scratch-path .build-static --show-bin-path)/study-recorder" "$(DESTDIR)$(PREFIX)/bin/study-recorder"
	@echo "installed $(DESTDIR)$(PREFIX)/bin/study-recorder"

bench: bootstrap
	@bench/recording/run.sh 24

clean:
	rm -rf .build .build-static .tmp demo-data bench/out
