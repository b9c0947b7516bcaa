// swift-tools-version: 6.1

import Foundation
import PackageDescription

// A path dependency is named after its directory, whatever the clone is called.
let prefs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "PrefsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // swift-configuration's own reloading provider, to compare with; the Prefs package itself builds neither trait.
        .package(
            url: "https://github.com/apple/swift-configuration.git", from: "1.4.0",
            traits: ["Reloading", "PropertyList"]),
    ],
    targets: [
        .executableTarget(
            name: "prefs-bench-peer",
            dependencies: [
                .product(name: "PrefsKit", package: prefs), .product(name: "PrefsTUI", package: prefs),
                .product(name: "PrefsTools", package: prefs), .product(name: "PrefsPostgres", package: prefs),
                .product(name: "PrefsStores", package: prefs), .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "PrefsConfiguration", package: prefs),
                .product(name: "Configuration", package: "swift-configuration"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)],
            // Linked as the shipped prefs is (Package.swift, commandLineLinking): the bare PostgresNIO process it plays
            // must start no slower than prefs-postgres for the comparison to be fair to it.
            linkerSettings: [
                .unsafeFlags(
                    ["-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        .target(name: "BenchmarkSupport", swiftSettings: [.swiftLanguageMode(.v6)]),
        // The floor of the start benchmark: no dependency, no link settings of prefs's.
        .executableTarget(name: "start-floor", swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(
            name: "FileStore",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PrefsKit", package: prefs),
            ],
            path: "Benchmarks/FileStore",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Editor",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PrefsKit", package: prefs),
                .product(name: "PrefsTUI", package: prefs),
                .product(name: "PrefsTools", package: prefs),
            ],
            path: "Benchmarks/Editor",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Recording",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PrefsKit", package: prefs),
                .product(name: "PrefsTools", package: prefs),
            ],
            path: "Benchmarks/Recording",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Postgres",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PrefsKit", package: prefs),
                .product(name: "PrefsPostgres", package: prefs),
            ],
            path: "Benchmarks/Postgres",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SwiftConfiguration",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PrefsKit", package: prefs),
                .product(name: "PrefsConfiguration", package: prefs),
                .product(name: "Configuration", package: "swift-configuration"),
            ],
            path: "Benchmarks/SwiftConfiguration",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "GSettings",
            dependencies: ["BenchmarkSupport", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/GSettings",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "BinaryPlists",
            dependencies: ["BenchmarkSupport", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/BinaryPlists",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Start",
            dependencies: ["BenchmarkSupport", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/Start",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "PostgresCLI",
            dependencies: ["BenchmarkSupport", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/PostgresCLI",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
