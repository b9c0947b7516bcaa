// swift-tools-version: 6.1

import Foundation
import PackageDescription

// A path dependency is named after its directory, whatever the clone is called.
let prefs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

/// A benchmark target: its folder under Benchmarks/, the harness and the peers' support, and the plugin that runs it.
func benchmark(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["BenchmarkSupport", .product(name: "Benchmark", package: "benchmark")] + dependencies,
        path: "Benchmarks/\(name)",
        swiftSettings: [.swiftLanguageMode(.v6)],
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "PrefsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // PostgreSQL's stores are a trait of the package, off by default; the PostgreSQL benchmarks need them.
        .package(path: "..", traits: ["PostgreSQL"]),
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
        // The editor's first frames, linked as the shipped prefs is and with what it links (no PostgreSQL).
        .executableTarget(
            name: "prefs-bench-editor",
            dependencies: [
                .product(name: "PrefsTUI", package: prefs), .product(name: "PrefsTools", package: prefs),
                .product(name: "PrefsStores", package: prefs),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)],
            linkerSettings: [
                .unsafeFlags(
                    ["-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        .target(name: "BenchmarkSupport", swiftSettings: [.swiftLanguageMode(.v6)]),
        // The floor of the start benchmark: no dependency, no link settings of prefs's.
        .executableTarget(name: "start-floor", swiftSettings: [.swiftLanguageMode(.v6)]),
        benchmark(
            "FileStore",
            [
                .product(name: "PrefsKit", package: prefs)
            ]
        ),
        benchmark(
            "Editor",
            [
                .product(name: "PrefsKit", package: prefs),
                .product(name: "PrefsTUI", package: prefs),
                .product(name: "PrefsTools", package: prefs),
            ]
        ),
        benchmark(
            "Recording",
            [
                .product(name: "PrefsKit", package: prefs),
                .product(name: "PrefsTools", package: prefs),
            ]
        ),
        benchmark(
            "Postgres",
            [
                .product(name: "PrefsKit", package: prefs),
                .product(name: "PrefsPostgres", package: prefs),
            ]
        ),
        benchmark(
            "SwiftConfiguration",
            [
                .product(name: "PrefsKit", package: prefs),
                .product(name: "PrefsConfiguration", package: prefs),
                .product(name: "Configuration", package: "swift-configuration"),
            ]
        ),
        benchmark("GSettings"),
        benchmark("KConfig"),
        benchmark("Xfconf"),
        benchmark("Flatpak"),
        benchmark("BinaryPlists"),
        benchmark("Start"),
        benchmark("PostgresCLI"),
    ]
)
