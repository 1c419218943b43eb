import DataSources
import Foundation
import TestSupport
import Testing

@testable import Streaming

struct LSLLibraryTests {
    /// liblsl reads its configuration (`LSLAPICFG`) once, on first use: this process's own session.
    init() { _ = LSLTestSession.configPath }

    /// A named library that is not there is the only place tried, and the line says how to get one.
    @Test func aMissingLibraryIsOneClearError() {
        #expect(LSLLibrary.candidates(explicit: "/nonexistent/liblsl.so") == ["/nonexistent/liblsl.so"])
        #expect(LSLLibrary.candidates(environment: ["LSL_LIB": "/x/liblsl.so"]) == ["/x/liblsl.so"])
        do {
            _ = try LSLLibrary.load(path: "/nonexistent/liblsl.so")
            Issue.record("loaded a library that does not exist")
        } catch {
            #expect(error.description.contains("/nonexistent/liblsl.so") && error.description.contains("pip install pylsl"))
        }
    }

    /// The pylsl wheel's liblsl in the project's .venv is found without configuration, and its clock
    /// is CLOCK_MONOTONIC, the clock the recording's anchor is taken on.
    @Test func findsThePylslLibraryAndItsClockIsTheMonotonicClock() throws {
        let library = try LSLLibrary.load()
        #expect(library.path.contains("pylsl") || library.path.hasPrefix("liblsl"))
        #expect(library.version >= 114)
        let before = SystemHostClock().monotonicNow()
        let lsl = library.localClock()
        let after = SystemHostClock().monotonicNow()
        #expect(lsl >= before - 0.001 && lsl <= after + 0.001)
    }

    /// Streaming, the marker inlet and the LSL clock each ask for the library: one process holds one.
    @Test func loadingAgainGivesTheSameLibrary() throws {
        let first = try LSLLibrary.load()
        #expect(try LSLLibrary.load() === first)
        #expect(try LSLLibrary.load(path: first.path) === first)
    }
}
