// swift-tools-version:6.1
// Benchmarks of the Processing module: the in-house FFT against FFTW3 and the full pipeline against
// scipy. A separate package so that the product never links FFTW; it uses the main package by path.

import PackageDescription

let package = Package(
    name: "ProcessingBench",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "StudyRecorder", path: "../.."),
    ],
    targets: [
        // Debian's libfftw3-dev: the benchmark's yardstick, never a dependency of the product.
        .systemLibrary(name: "CFFTW", pkgConfig: "fftw3", providers: [.apt(["libfftw3-dev"])]),
        .executableTarget(
            name: "ProcessingBench",
            dependencies: [
                "CFFTW",
                .product(name: "Processing", package: "StudyRecorder"),
                .product(name: "DataSources", package: "StudyRecorder"),
            ]
        ),
    ]
)
