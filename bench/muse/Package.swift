// swift-tools-version:6.1
// Benchmarks of the Muse source: decode + timestamp throughput of the per-packet path, and the latency
// from a (simulated) headband's notification to the sample block a DataController delivers. A separate
// package so that the product carries no benchmark code; it uses the main package by path.

import PackageDescription

let package = Package(
    name: "MuseBench",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "StudyRecorder", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "MuseBench",
            dependencies: [
                .product(name: "Muse", package: "StudyRecorder"),
                .product(name: "DataSources", package: "StudyRecorder"),
            ]
        ),
        // The Muse S Athena: decode, and decode + timestamp throughput on the shared real captures,
        // and the notification → DataController latency. It reaches the source's internal per-notification
        // path with `@testable import Muse`: build with `-Xswiftc -enable-testing`.
        .executableTarget(
            name: "AthenaBench",
            dependencies: [
                .product(name: "Muse", package: "StudyRecorder"),
                .product(name: "DataSources", package: "StudyRecorder"),
            ]
        ),
    ]
)
