# StudyRecorder: the two commands a newcomer needs are `make demo` and `make test`; each sets itself up.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)
export TMPDIR := $(CURDIR)/.tmp

.PHONY: bootstrap build demo test bench clean

bootstrap:
	@mkdir -p $(TMPDIR)
	@scripts/bootstrap

build: bootstrap
	@swift build --product study-recorder

# Records 10 s from the oscillator into ./demo-data and shows what was stored.
demo: build
	@$$(swift build --show-bin-path)/study-recorder record --data demo-data --duration 10s --paradigm demo
	@$$(swift build --show-bin-path)/study-recorder list --data demo-data

# The whole test suite; tests start and stop the servers they need on free loopback ports.
test: bootstrap
	@swift build --build-tests
	@swift test --skip-build

bench: bootstrap
	@bench/recording/run.sh 24

clean:
	rm -rf .build .tmp demo-data bench/out
