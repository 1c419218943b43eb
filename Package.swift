// swift-tools-version:6.1
// StudyRecorder: run EEG study protocols from the terminal, store recordings as HDF5, and move the
// pseudonymised (optionally OpenPGP-encrypted) data to a WebDAV server unattended.

import PackageDescription

/// Settings every Swift target shares: Swift 6 language mode and explicit existentials.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "StudyRecorder",
    platforms: [.macOS(.v15)],
    // What a client links: the command-line tool, the SDK (StudyRecorderKit) and its testing product.
    // The modules below the kit are machinery: their declarations are `package` unless the kit
    // re-exports them (docs/library.md, "What the kit exports").
    products: [
        .executable(name: "study-recorder", targets: ["StudyRecorder"]),
        // The SDK: one import for recording with live QA, uploading and running a study's session.
        .library(name: "StudyRecorderKit", targets: ["StudyRecorderKit"]),
        // For clients' tests: a scripted source, a controllable clock, an in-memory log handler (the
        // in-memory upload destination is the kit's, from Transfer).
        .library(name: "StudyRecorderTesting", targets: ["StudyRecorderTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        // Thin wrappers around the C libraries, one per library; each shim.h holds the static inline
        // functions Swift needs where the C API is a macro or variadic.
        .systemLibrary(name: "CHDF5", pkgConfig: "hdf5", providers: [.apt(["libhdf5-dev", "pkg-config"])]),
        .systemLibrary(name: "CGPGME", pkgConfig: "gpgme", providers: [.apt(["libgpgme-dev", "pkg-config"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev", "pkg-config"])]),
        .systemLibrary(name: "CBlueZ", pkgConfig: "bluez", providers: [.apt(["libbluetooth-dev", "pkg-config"])]),
        // zlib: deflate for the BIDS physio files (`.tsv.gz`); only Exports links it.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev", "pkg-config"])]),
        // Pango and Cairo: headers only, the library is opened with dlopen when the first PDF is typeset
        // (docs/decisions/0011). The .pc file beside the module map gives pangocairo's compiler flags
        // but not its libraries (an absolute path, which SwiftPM reads as the file itself).
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: Context.packageDirectory + "/Sources/CPangoCairo/cpangocairo.pc",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev", "fonts-dejavu-core", "pkg-config"])]),
        // libdbus (the session bus, for desktop notifications): headers only, the library is opened
        // with dlopen when `remind` shows one (docs/decisions/0012), as CPangoCairo.
        .systemLibrary(
            name: "CDBus", pkgConfig: Context.packageDirectory + "/Sources/CDBus/cdbus.pc",
            providers: [.apt(["libdbus-1-dev", "pkg-config"])]),

        .target(
            name: "DataSources",
            dependencies: [],
            swiftSettings: strictSettings
        ),
        // The Muse headband over Bluetooth LE: the only target that knows BlueZ.
        .target(
            name: "Muse",
            dependencies: ["CBlueZ", "DataSources"],
            path: "Sources/Muse",
            swiftSettings: strictSettings
        ),
        // The FFT kernel on four lanes with FMA (AVX2), in C because Swift cannot compile one function
        // for AVX2 and the rest for the baseline: its functions carry target("avx2,fma") and run only
        // when the CPU has both (Processing's FFTKernel asks). Only Processing imports it.
        .target(name: "CVectorFFT"),
        .target(
            name: "Processing",
            dependencies: ["DataSources", "CVectorFFT"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "Storage",
            dependencies: [
                "DataSources", "CHDF5", "CGPGME",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "Transfer",
            dependencies: [
                "DataSources", "Storage", "CCurl",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // Live output while recording: Lab Streaming Layer (liblsl loaded at run time, never linked)
        // and OSC over UDP.
        .target(
            name: "Streaming",
            dependencies: ["DataSources", "Processing"],
            swiftSettings: strictSettings
        ),
        // The one recording pipeline (a controller, one signal processor, live QA, the event stream)
        // that both the study runner and the kit record through; it joins Storage and Processing, so
        // Storage does not depend on Processing (Sources/RecordingPipeline/RecordingPipeline.swift).
        .target(
            name: "RecordingPipeline",
            dependencies: [
                "DataSources", "Processing", "Storage",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // Documents typeset as PDF with Pango and Cairo (the signed consent): the only target that
        // knows either library. Study reaches it only through Storage's `ConsentTypesetter`.
        .target(
            name: "Typesetting",
            dependencies: ["CPangoCairo", "Storage"],
            swiftSettings: strictSettings
        ),
        // Study protocols and their runner. It sits on Storage and the recording pipeline only: the
        // announcements it fills are Storage's `Announcement`, and the consent's PDF is made by the
        // `ConsentTypesetter` the kit injects (Typesetting's), so it depends on neither Transfer nor
        // Typesetting.
        .target(
            name: "Study",
            dependencies: [
                "DataSources", "Processing", "Storage", "RecordingPipeline",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // Recordings in the formats analysis tools read: CSV, EDF+ and EEG-BIDS (all written in Swift);
        // BIDS takes the dataset's metadata from the study file (Study).
        .target(
            name: "Exports",
            dependencies: ["DataSources", "Processing", "Storage", "Study", "CZlib"],
            swiftSettings: strictSettings
        ),
        // The SDK facade: a data folder opened with recovery, recordings as one event stream fed by one
        // signal processor, uploads as an event stream, and a study's due session run with the
        // guarantees of `study-recorder run` (lock, sealing, upload after it, post-session report).
        .target(
            name: "StudyRecorderKit",
            dependencies: [
                "DataSources", "Muse", "Processing", "Storage", "RecordingPipeline", "Transfer",
                .product(name: "Logging", package: "swift-log"),
                // The study's due session run (StudySessionRun, StudyEnrolment), its post-session report,
                // and the consent's typesetter the kit injects into the runner.
                "Study", "Report", "Typesetting",
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StudyRecorderTesting",
            // Depends down only (as swift-log's InMemoryLogging does), so any test target can use it.
            dependencies: [
                "DataSources",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The example a lab's own program would be: record 60 s with live QA, then upload. Built with
        // the package and run by the test suite (Tests/StudyRecorderKitTests).
        .executableTarget(
            name: "record-and-upload",
            dependencies: ["StudyRecorderKit"],
            path: "Examples/RecordAndUpload",
            // Built as a client outside the package is: it sees only the kit's public API.
            packageAccess: false,
            swiftSettings: strictSettings
        ),
        // A lab's own program exporting with the libraries, held mid-export until a signal ends it:
        // what SIGINT leaves behind for a library caller (Tests/StudyRecorderTests/Commands/ExportInterruptionTests.swift).
        .executableTarget(
            name: "export-until-signalled",
            dependencies: ["Exports", "Storage"],
            path: "Tests/Helpers/ExportUntilSignalled",
            swiftSettings: strictSettings
        ),
        // The README's library example, verbatim (Tests/StudyRecorderKitTests/ReadmeExampleTests.swift).
        .executableTarget(
            name: "readme-example",
            dependencies: ["StudyRecorderKit"],
            path: "Examples/ReadmeExample",
            // Built as a client outside the package is: it sees only the kit's public API.
            packageAccess: false,
            swiftSettings: strictSettings
        ),
        // The post-session report and the participant view: one self-contained HTML page each (inline
        // SVG and CSS, no script, no network).
        .target(
            name: "Report",
            dependencies: ["DataSources", "Processing", "Storage", "RecordingPipeline"],
            swiftSettings: strictSettings
        ),
        // The participant's reminders: desktop notifications over the freedesktop interface on the
        // session D-Bus (the only target that knows libdbus) and the decision when to show one.
        .target(
            name: "Notifications",
            dependencies: ["CDBus", "Study", "Storage"],
            swiftSettings: strictSettings
        ),
        // The experimenter's end (`collect`): a study's uploads read from the server, verified against
        // their manifests, decrypted and built into one BIDS dataset with the exporter, and the HTML
        // study overview beside it (Report's page).
        .target(
            name: "Collection",
            dependencies: ["DataSources", "Storage", "Transfer", "Study", "Exports", "Report"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "StudyRecorder",
            dependencies: [
                "DataSources", "Muse", "Processing", "Storage", "Streaming", "Transfer", "Study", "Exports", "StudyRecorderKit", "Report",
                "RecordingPipeline",
                "Typesetting", "Collection", "Notifications",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),

        // Shared helpers for the test targets: the project's .venv Python (h5py, numpy, scipy), temporary
        // folders, free loopback ports, and running the built CLI.
        .target(
            name: "TestSupport",
            dependencies: [],
            path: "Tests/TestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(name: "DataSourcesTests", dependencies: ["DataSources", "StudyRecorderTesting"], swiftSettings: strictSettings),
        .testTarget(name: "MuseTests", dependencies: ["Muse", "DataSources", "Processing", "Storage", "TestSupport"], path: "Tests/MuseTests", swiftSettings: strictSettings),
        .testTarget(name: "ProcessingTests", dependencies: ["Processing", "DataSources", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "StreamingTests", dependencies: ["Streaming", "DataSources", "Processing", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "DataSources", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "RecordingPipelineTests",
            dependencies: ["RecordingPipeline", "DataSources", "Processing", "Storage", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "TransferTests", dependencies: ["Transfer", "Storage", "TestSupport", .product(name: "Logging", package: "swift-log")], swiftSettings: strictSettings),
        .testTarget(name: "StudyTests", dependencies: ["Study", "DataSources", "Processing", "Storage", "RecordingPipeline", "Typesetting", "StudyRecorderTesting", "TestSupport", .product(name: "Logging", package: "swift-log")], exclude: ["Fixtures"], swiftSettings: strictSettings),
        .testTarget(name: "TypesettingTests", dependencies: ["Typesetting", "Storage", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "ExportsTests", dependencies: ["Exports", "Storage", "DataSources", "Study", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "CollectionTests",
            dependencies: [
                "Collection", "Transfer", "Storage", "Study", "DataSources", "Report", "StudyRecorderKit", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "NotificationsTests", dependencies: ["Notifications", "Study", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "ReportTests", dependencies: ["Report", "Processing", "Storage", "DataSources", "RecordingPipeline", "TestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "StudyRecorderKitTests",
            dependencies: ["StudyRecorderKit", "StudyRecorderTesting", "DataSources", "Muse", "Storage", "Study", "Typesetting", "TestSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StudyRecorderTests",
            // The executable is a dependency so that the tests find it built; they run it, never import it.
            dependencies: ["StudyRecorder", "Storage", "DataSources", "Study", "Transfer", "Report", "Notifications", "TestSupport"],
            swiftSettings: strictSettings
        ),
    ]
)
