// swift-tools-version:6.1
// The scale benchmark of `study-recorder collect`: a generator of a whole study's uploads (many
// participants' devices, each recording with the oscillator and uploading with the real uploader to
// a WebDAV server). A separate package so the product has no benchmark code; it uses the main
// package by path, and only the modules a participant's device needs.

import PackageDescription

let package = Package(
    name: "CollectBench",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "StudyRecorder", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "CollectBench",
            dependencies: [
                .product(name: "DataSources", package: "StudyRecorder"),
                .product(name: "Storage", package: "StudyRecorder"),
                .product(name: "Transfer", package: "StudyRecorder"),
            ]
        ),
    ]
)
