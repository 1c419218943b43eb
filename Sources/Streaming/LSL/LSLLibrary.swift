public import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// liblsl, loaded at run time.
///
/// Lab Streaming Layer's library is not in Debian; the `pylsl` wheel on PyPI carries it. The build
/// never links it: ``load(path:)`` opens it with `dlopen` and looks up the few C functions the
/// recorder uses (declared here from the library's documented C API), so `--stream lsl` works
/// wherever a liblsl is found, and everything else works where none is.
///
/// Search order: the explicit path or else `$LSL_LIB` (either is then the only place tried), else
/// `pylsl/lib/liblsl.so` below the project's `.venv` (found from the working directory or the
/// executable's location), then `liblsl.so.2` and `liblsl.so` on the system's library path.
package final class LSLLibrary: Sendable {
    typealias CreateStreamInfo =
        @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, Int32, Double, Int32, UnsafePointer<CChar>) -> OpaquePointer?
    typealias GetDescription = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias AppendChild = @convention(c) (OpaquePointer?, UnsafePointer<CChar>) -> OpaquePointer?
    typealias AppendChildValue = @convention(c) (OpaquePointer?, UnsafePointer<CChar>, UnsafePointer<CChar>) -> OpaquePointer?
    typealias CreateOutlet = @convention(c) (OpaquePointer?, Int32, Int32) -> OpaquePointer?
    typealias Destroy = @convention(c) (OpaquePointer?) -> Void
    typealias PushChunkFloat = @convention(c) (OpaquePointer?, UnsafePointer<Float>, UInt, UnsafePointer<Double>, Int32) -> Int32
    typealias PushSampleString = @convention(c) (OpaquePointer?, UnsafePointer<UnsafePointer<CChar>?>, Double, Int32) -> Int32
    typealias LocalClock = @convention(c) () -> Double
    typealias LibraryVersion = @convention(c) () -> Int32
    typealias HaveConsumers = @convention(c) (OpaquePointer?) -> Int32
    typealias ResolveByProperty =
        @convention(c) (UnsafeMutablePointer<OpaquePointer?>, UInt32, UnsafePointer<CChar>, UnsafePointer<CChar>, Int32, Double) -> Int32
    typealias CreateInlet = @convention(c) (OpaquePointer?, Int32, Int32, Int32) -> OpaquePointer?
    typealias PullSampleString =
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, Int32, Double, UnsafeMutablePointer<Int32>) -> Double
    typealias TimeCorrection = @convention(c) (OpaquePointer?, Double, UnsafeMutablePointer<Int32>) -> Double
    typealias DestroyString = @convention(c) (UnsafeMutablePointer<CChar>?) -> Void
    typealias ChannelCount = @convention(c) (OpaquePointer?) -> Int32
    typealias InfoString = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    typealias SetConfigContent = @convention(c) (UnsafePointer<CChar>) -> Void

    /// Where the library was loaded from.
    package let path: String
    nonisolated(unsafe) private let handle: UnsafeMutableRawPointer
    let createStreamInfo: CreateStreamInfo
    let getDescription: GetDescription
    let appendChild: AppendChild
    let appendChildValue: AppendChildValue
    let createOutlet: CreateOutlet
    let destroyOutlet: Destroy
    let destroyStreamInfo: Destroy
    let pushChunkFloat: PushChunkFloat
    let pushSampleString: PushSampleString
    let localClockFunction: LocalClock
    let libraryVersion: LibraryVersion
    let haveConsumers: HaveConsumers
    let resolveByProperty: ResolveByProperty
    let createInlet: CreateInlet
    let destroyInlet: Destroy
    let pullSampleString: PullSampleString
    let timeCorrection: TimeCorrection
    let destroyString: DestroyString
    let channelCount: ChannelCount
    let getName: InfoString
    let getSourceID: InfoString

    private init(path: String, handle: UnsafeMutableRawPointer) throws(LSLError) {
        self.path = path
        self.handle = handle
        func symbol<T>(_ name: String, as: T.Type) throws(LSLError) -> T {
            guard let pointer = dlsym(handle, name) else { throw .missingSymbol(name, library: path) }
            return unsafeBitCast(pointer, to: T.self)
        }
        createStreamInfo = try symbol("lsl_create_streaminfo", as: CreateStreamInfo.self)
        getDescription = try symbol("lsl_get_desc", as: GetDescription.self)
        appendChild = try symbol("lsl_append_child", as: AppendChild.self)
        appendChildValue = try symbol("lsl_append_child_value", as: AppendChildValue.self)
        createOutlet = try symbol("lsl_create_outlet", as: CreateOutlet.self)
        destroyOutlet = try symbol("lsl_destroy_outlet", as: Destroy.self)
        destroyStreamInfo = try symbol("lsl_destroy_streaminfo", as: Destroy.self)
        pushChunkFloat = try symbol("lsl_push_chunk_ftnp", as: PushChunkFloat.self)
        pushSampleString = try symbol("lsl_push_sample_strtp", as: PushSampleString.self)
        localClockFunction = try symbol("lsl_local_clock", as: LocalClock.self)
        libraryVersion = try symbol("lsl_library_version", as: LibraryVersion.self)
        haveConsumers = try symbol("lsl_have_consumers", as: HaveConsumers.self)
        resolveByProperty = try symbol("lsl_resolve_byprop", as: ResolveByProperty.self)
        createInlet = try symbol("lsl_create_inlet", as: CreateInlet.self)
        destroyInlet = try symbol("lsl_destroy_inlet", as: Destroy.self)
        pullSampleString = try symbol("lsl_pull_sample_str", as: PullSampleString.self)
        timeCorrection = try symbol("lsl_time_correction", as: TimeCorrection.self)
        destroyString = try symbol("lsl_destroy_string", as: DestroyString.self)
        channelCount = try symbol("lsl_get_channel_count", as: ChannelCount.self)
        getName = try symbol("lsl_get_name", as: InfoString.self)
        getSourceID = try symbol("lsl_get_source_id", as: InfoString.self)
        // Before liblsl's first use (its configuration is read once): quiet unless the user's own
        // configuration asks (``LSLLogLevel``). Libraries before 1.16 lack the call and log as before.
        if let pointer = dlsym(handle, "lsl_set_config_content"), let content = LSLLogLevel.configuration(userConfiguration: LSLLogLevel.userConfiguration()) {
            unsafeBitCast(pointer, to: SetConfigContent.self)(content)
        }
    }

    /// The library's version (e.g. 118 for 1.18).
    package var version: Int { Int(libraryVersion()) }

    /// LSL's clock now, in seconds: `std::chrono::steady_clock`, which on Linux is CLOCK_MONOTONIC.
    package func localClock() -> Double { localClockFunction() }

    /// A resolved stream's name.
    func streamName(_ info: OpaquePointer?) -> String { getName(info).map { String(cString: $0) } ?? "" }

    /// A resolved stream's source id.
    func sourceID(_ info: OpaquePointer?) -> String { getSourceID(info).map { String(cString: $0) } ?? "" }

    /// The places searched, in order, when no path is given.
    package static func candidates(explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        // A path the user names is the only one tried: a typo must not silently load another liblsl.
        if let explicit, !explicit.isEmpty { return [explicit] }
        if let env = environment["LSL_LIB"], !env.isEmpty { return [env] }
        var paths: [String] = []
        var roots: [URL] = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        var executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            roots.append(executable)
            executable = executable.deletingLastPathComponent()
        }
        for root in roots {
            let lib = root.appendingPathComponent(".venv/lib")
            guard let versions = try? FileManager.default.contentsOfDirectory(atPath: lib.path) else { continue }
            for version in versions.sorted() where version.hasPrefix("python") {
                let candidate = lib.appendingPathComponent(version).appendingPathComponent("site-packages/pylsl/lib/liblsl.so").path
                if FileManager.default.fileExists(atPath: candidate), !paths.contains(candidate) { paths.append(candidate) }
            }
        }
        paths += ["liblsl.so.2", "liblsl.so"]
        return paths
    }

    /// The libraries loaded so far in this process, by the path they were opened from: a run that
    /// streams, reads markers and records on the LSL clock asks three times and gets one library (one
    /// `dlopen`, one set of looked-up functions).
    private static let loaded = Mutex<[String: LSLLibrary]>([:])

    /// Loads liblsl from the first candidate that opens and has every function used; the error names
    /// every place tried and how to provide the library. A candidate loaded before is not opened again.
    package static func load(path explicit: String? = nil) throws(LSLError) -> LSLLibrary {
        var tried: [String] = []
        for path in candidates(explicit: explicit) {
            if let library = loaded.withLock({ $0[path] }) { return library }
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                tried.append(path)
                continue
            }
            do {
                let library = try LSLLibrary(path: path, handle: handle)
                return loaded.withLock { libraries in
                    if let earlier = libraries[path] {
                        dlclose(handle)
                        return earlier
                    }
                    libraries[path] = library
                    return library
                }
            } catch {
                dlclose(handle)
                throw error
            }
        }
        throw .libraryNotFound(tried: tried)
    }

    deinit {
        // The library stays loaded: liblsl runs threads of its own that may outlive an outlet briefly.
    }
}
