// swift-tools-version:6.1
// Benchmarks of the Processing module: the in-house FFT against FFTW3 and kissfft, and the full
// pipeline against scipy. A separate package so that the product never links FFTW; it uses the main package by path.

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
        // Debian's libkissfft-dev (single precision only): the FFT many EEG tools embed, as a peer.
        .systemLibrary(name: "CKissFFT", pkgConfig: "kissfft-float", providers: [.apt(["libkissfft-dev"])]),
        .executableTarget(
            name: "ProcessingBench",
            dependencies: [
                "CFFTW",
                "CKissFFT",
                .product(name: "Processing", package: "StudyRecorder"),
                .product(name: "DataSources", package: "StudyRecorder"),
            ]
        ),
    ]
)
