// swift-tools-version: 6.1

// libFuzzer targets for the parsers that read what other programs write (suite files, XML and binary, schema
// manifests, KConfig files and .kcfg schemas, GLib's keyfiles (Flatpak apps' settings), QSettings' INI files, the scripts prefs apply reads, GSettings' schema mappings), and for sequences of writes, kills, damage and reads of one suite,
// whose reads must never change anything.
// Built and run by `Fuzz/run` (which `.ci/run` calls) with `-sanitize=fuzzer,address`. SwiftPM gives each executable
// a main of its own, which hands over to libFuzzer through LLVMFuzzerRunDriver (CFuzzDriver).
import Foundation
import PackageDescription

// A path dependency is named after its directory, whatever the clone is called.
let prefs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let settings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "PrefsFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "CFuzzDriver"),
        .executableTarget(
            name: "fuzz-plist", dependencies: ["CFuzzDriver", .product(name: "PrefsKit", package: prefs)],
            swiftSettings: settings),
        .executableTarget(
            name: "fuzz-bplist", dependencies: ["CFuzzDriver", .product(name: "PrefsKit", package: prefs)],
            swiftSettings: settings),
        .executableTarget(
            name: "fuzz-manifest", dependencies: ["CFuzzDriver", .product(name: "PrefsKit", package: prefs)],
            swiftSettings: settings),
        .executableTarget(
            name: "fuzz-kconfig", dependencies: ["CFuzzDriver", .product(name: "PrefsKConfig", package: prefs)],
            swiftSettings: settings),
        .executableTarget(
            name: "fuzz-script",
            dependencies: [
                "CFuzzDriver", .product(name: "PrefsTools", package: prefs),
                .product(name: "PrefsGSettings", package: prefs),
            ],
            swiftSettings: settings),
        .executableTarget(
            name: "fuzz-keyfile", dependencies: ["CFuzzDriver", .product(name: "PrefsFlatpak", package: prefs)],
            swiftSettings: settings),
        .executableTarget(
            name: "fuzz-qsettings", dependencies: ["CFuzzDriver", .product(name: "PrefsQSettings", package: prefs)],
            swiftSettings: settings),
        .executableTarget(
            name: "fuzz-faults", dependencies: ["CFuzzDriver", .product(name: "PrefsKit", package: prefs)],
            swiftSettings: settings),
    ]
)
