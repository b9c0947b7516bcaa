// swift-tools-version: 6.1

import PackageDescription

/// Whether the GSettings store is built: on Linux, where GNOME's settings live. It needs no GLib to build: GIO is
/// loaded when the store is first used (CGio), so a machine without it still builds and runs everything else.
#if os(Linux)
let buildsGSettings = true
#else
let buildsGSettings = false
#endif

let languageSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

/// Libraries also make every import internal unless marked `public`, so their API never leaks a dependency, and a file
/// sees only the members of modules it imports itself: a store module that imports the whole of Foundation cannot lend
/// it to one that must do with FoundationEssentials.
let strictSettings =
    languageSettings + [
        .enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility"),
    ]

/// How the command lines are linked for release, so that they start like C tools (README, Performance).
///
/// Linked at a fixed address, the binary has no relocations for the dynamic loader to apply to pages it must then copy (117,000 of
/// them and 1.4 ms of each start with PostgresNIO linked in), and it exports no symbols, which SwiftPM's static link
/// otherwise does, every one of its own.
let commandLineLinking: [LinkerSetting] = [
    .unsafeFlags(
        ["-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic"],
        .when(platforms: [.linux], configuration: .release))
]

/// The trait of PostgreSQL's stores, off by default.
///
/// PostgreSQL's stores (`--store postgres://…`, `prefs-postgres`, PrefsPostgres) need PostgresNIO, and with it
/// swift-nio, NIO-SSL (BoringSSL) and swift-crypto: so that `swift run prefs demo` and a plain `swift build` neither
/// resolve nor build them (SwiftPM leaves a trait's dependencies out of resolution while the trait is off), they are a
/// trait's. `swift build --traits PostgreSQL` builds them; CI and the README's test command do.
let postgreSQL = "PostgreSQL"
let whenPostgreSQL = TargetDependencyCondition.when(traits: [postgreSQL])

let package = Package(
    name: "Prefs",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "PrefsKit", targets: ["PrefsKit", "PrefsFileStore"]),
        .library(name: "PrefsTools", targets: ["PrefsTools"]),
        // The resolver of `--store` URLs: its own product, so that a tool built on PrefsTools links no PostgreSQL.
        .library(name: "PrefsStores", targets: ["PrefsStores"]),
        .library(name: "PrefsTestSupport", targets: ["PrefsTestSupport"]),
        .library(name: "PrefsTUI", targets: ["PrefsTUI", "PrefsNcurses"]),
        .library(name: "PrefsPostgres", targets: ["PrefsPostgres"]),
        .library(name: "PrefsConfiguration", targets: ["PrefsConfiguration"]),
        .library(name: "PrefsKConfig", targets: ["PrefsKConfig"]),
        .library(name: "PrefsQSettings", targets: ["PrefsQSettings"]),
        // What a store of one's own is written on: the journal, the journaled write, the watcher.
        .library(name: "PrefsStoreKit", targets: ["PrefsStoreKit"]),
        .executable(name: "prefs", targets: ["prefs"]),
        // `prefs` with PostgreSQL stores, which `prefs` hands such commands to: PostgresNIO links the whole of
        // Foundation and ICU, which the file and GSettings stores need none of.
        .executable(name: "prefs-postgres", targets: ["prefs-postgres"]),
        .executable(name: "theme-demo", targets: ["theme-demo"]),
    ],
    traits: [
        .trait(
            name: postgreSQL,
            description: "PostgreSQL's stores: PrefsPostgres and prefs-postgres, on PostgresNIO, swift-nio and NIO-SSL")
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        // No default traits: the provider needs none of its file formats, so apps that use it build no JSON parser.
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: []),
        // `swift package generate-documentation`: the DocC catalogs beside each library's sources.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        // The one door to the operating system: every call into the C library, checked, typed and open to injected
        // faults. No other Swift module imports Glibc, Musl or Darwin.
        .target(
            name: "PrefsSystem",
            dependencies: ["CPrefsSystem", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strictSettings),
        // The core: keys, representations, schema and the store protocols.
        .target(
            name: "PrefsCore", dependencies: ["PrefsSystem", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings),
        // What apps import: the core, re-exported, and `UserDefaults` as a store, the one part that needs the whole of
        // Foundation. `prefs` and the stores depend on the core alone.
        .target(name: "PrefsKit", dependencies: ["PrefsCore"], swiftSettings: strictSettings),
        .target(name: "CPrefsSystem"),
        // ncursesw's headers (libncurses-dev) at build time; the library itself is loaded when the editor starts.
        .target(name: "CNcurses", dependencies: ["CPrefsSystem"]),
        .target(
            name: "PrefsTools",
            dependencies: [
                "PrefsSystem",
                "PrefsCore", .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings),
        .target(
            name: "PrefsStores",
            dependencies: ["PrefsSystem", "PrefsCore", "PrefsTools", "PrefsFileStore", "PrefsKConfig"],
            swiftSettings: strictSettings, plugins: ["EmbedDemoAssets"]),
        // The PostgreSQL stores of `--store postgres://…`, which prefs-postgres installs in PrefsStores.
        .target(
            name: "PrefsStoresPostgres",
            dependencies: ["PrefsCore", "PrefsTools", "PrefsStores", "PrefsFileStore", "PrefsPostgres"],
            swiftSettings: strictSettings),
        // Assets/demo compiled into `prefs`, so that a copied binary runs `prefs demo` with nothing beside it.
        .executableTarget(name: "embed-files", swiftSettings: languageSettings),
        .plugin(name: "EmbedDemoAssets", capability: .buildTool(), dependencies: ["embed-files"]),
        .target(
            name: "PrefsTUI", dependencies: ["PrefsSystem", "PrefsCore", "PrefsTools"], swiftSettings: strictSettings),
        .target(
            name: "PrefsNcurses",
            dependencies: [
                "PrefsSystem",
                "PrefsTUI", "CNcurses", .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings),
        // The store kit: what every store shares (the journal, suite locks, the directory watcher, XDG folders,
        // small files and XML), so that a store module imports the kit, never another store.
        .target(
            name: "PrefsStoreKit",
            dependencies: [
                "PrefsSystem", "PrefsCore", .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PrefsFileStore",
            dependencies: [
                "PrefsSystem", "PrefsStoreKit", "PrefsCore", "CPrefsSystem",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The session bus's wire protocol, written by hand, for the stores that call or signal on it without GIO.
        .target(
            name: "PrefsDBus",
            dependencies: ["PrefsSystem", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strictSettings
        ),
        // KDE's KConfig files; a write's announcement goes out on the session bus through PrefsDBus.
        // Qt apps' settings: QSettings' INI files, kept byte for byte, their values typed as Qt reads them.
        .target(
            name: "PrefsQSettings",
            dependencies: [
                "PrefsCore", "PrefsStoreKit", "PrefsSystem", .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "PrefsQSettingsTests",
            dependencies: ["PrefsQSettings", "PrefsCore", "PrefsTestSupport", "PrefsTestHelpers"],
            exclude: ["Qt"], swiftSettings: languageSettings),
        .target(
            name: "PrefsKConfig",
            dependencies: [
                "PrefsSystem", "PrefsDBus",
                "PrefsCore", "PrefsStoreKit", .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PrefsKConfigTests",
            dependencies: [
                "PrefsKit", "PrefsKConfig", "PrefsTools", "PrefsStores", "PrefsTestSupport", "PrefsTestHelpers",
                "prefs", .product(name: "SystemPackage", package: "swift-system"),
            ],
            exclude: ["Schemas"], swiftSettings: languageSettings),
        .target(
            name: "PrefsPostgres",
            dependencies: [
                "PrefsCore", .product(name: "PostgresNIO", package: "postgres-nio", condition: whenPostgreSQL),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: whenPostgreSQL),
                .product(name: "NIOCore", package: "swift-nio", condition: whenPostgreSQL),
                .product(name: "NIOPosix", package: "swift-nio", condition: whenPostgreSQL),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PrefsConfiguration",
            dependencies: [
                "PrefsKit", "PrefsFileStore", "PrefsStoreKit",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "PrefsTestSupport", dependencies: ["PrefsCore", "PrefsKit", "PrefsFileStore"],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "prefs-test-helper", dependencies: ["PrefsKit", "PrefsFileStore", "PrefsPostgres"],
            path: "Tests/Helpers/prefs-test-helper",
            swiftSettings: strictSettings),
        // The command line's commands, which `prefs` and `prefs-postgres` both run.
        .target(
            name: "PrefsCommandLine",
            dependencies: [
                "PrefsSystem",
                "PrefsCore", "PrefsTools", "PrefsStores", "PrefsTUI", "PrefsNcurses",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings),
        // Run before any Swift code in the two programs below, and linked into nothing else.
        .target(name: "CPrefsStart"),
        .executableTarget(
            name: "prefs", dependencies: ["CPrefsStart", "PrefsCommandLine"], swiftSettings: strictSettings,
            linkerSettings: commandLineLinking),
        .executableTarget(
            name: "prefs-postgres", dependencies: ["CPrefsStart", "PrefsCommandLine", "PrefsStoresPostgres"],
            swiftSettings: strictSettings, linkerSettings: commandLineLinking),
        .executableTarget(
            name: "theme-demo",
            dependencies: ["PrefsSystem", "PrefsKit", "PrefsFileStore", "PrefsTools", "PrefsTUI", "PrefsNcurses"],
            swiftSettings: strictSettings),
        .target(
            name: "PrefsTestHelpers",
            dependencies: [
                "PrefsKit", "PrefsFileStore", "PrefsTestSupport", "PrefsTUI", "PrefsTools", "PrefsStores",
                "PrefsCommandLine", "PrefsNcurses", "CTestSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/PrefsTestHelpers", swiftSettings: languageSettings),
        .testTarget(
            name: "PrefsKitTests",
            dependencies: [
                "PrefsKit", "PrefsCore", "PrefsTestSupport", "PrefsTestHelpers",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: languageSettings),
        .testTarget(
            name: "PrefsFileStoreTests",
            dependencies: [
                "PrefsKit", "PrefsFileStore", "PrefsTestSupport", "PrefsTestHelpers", "prefs-test-helper",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: languageSettings),
        .testTarget(
            name: "PrefsPostgresTests",
            dependencies: [
                "PrefsKit", "PrefsPostgres", "PrefsFileStore", "PrefsTools", "PrefsStores", "PrefsTestSupport",
                "PrefsTestHelpers", "prefs", "prefs-postgres", "prefs-test-helper", "PrefsConfiguration",
                "PrefsStoresPostgres",
                .product(name: "Configuration", package: "swift-configuration"),
            ],
            swiftSettings: languageSettings),
        .testTarget(
            name: "PrefsToolsTests",
            dependencies: [
                "PrefsSystem", "PrefsKit", "PrefsFileStore", "PrefsTools", "PrefsStores", "PrefsTestSupport",
                "PrefsTestHelpers",
                "PrefsCommandLine", "prefs", "prefs-test-helper",
            ],
            swiftSettings: languageSettings),
        .target(name: "CTestSupport", path: "Tests/CTestSupport"),
        .testTarget(
            name: "PrefsNcursesTests", dependencies: ["PrefsTUI", "PrefsNcurses", "CTestSupport"],
            swiftSettings: languageSettings),
        .testTarget(
            name: "PrefsStoresTests",
            dependencies: [
                "PrefsKit", "PrefsFileStore", "PrefsStores", "PrefsStoresPostgres", "PrefsTools", "PrefsTestSupport",
                "PrefsTestHelpers", "PrefsStoreKit", .product(name: "SystemPackage", package: "swift-system"),
            ],
            exclude: ["Schemas"], swiftSettings: languageSettings),
        .testTarget(
            name: "PrefsTUITests",
            dependencies: [
                "PrefsKit", "PrefsFileStore", "PrefsTools", "PrefsTUI", "PrefsTestSupport", "PrefsTestHelpers", "prefs",
                "theme-demo", "prefs-test-helper",
            ],
            exclude: ["Snapshots"],
            swiftSettings: languageSettings),
        .testTarget(
            name: "PrefsConfigurationTests",
            dependencies: [
                "PrefsKit", "PrefsFileStore", "PrefsConfiguration", "PrefsTestSupport", "PrefsTestHelpers", "prefs",
                "prefs-test-helper",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "ConfigurationTesting", package: "swift-configuration"),
            ],
            swiftSettings: languageSettings),
        .testTarget(
            name: "PrefsTestSupportTests",
            dependencies: ["PrefsKit", "PrefsTestSupport", "PrefsTestHelpers"],
            swiftSettings: languageSettings),
        .testTarget(
            name: "ThemeDemoTests",
            dependencies: ["PrefsKit", "PrefsTestSupport", "PrefsTestHelpers", "theme-demo"],
            swiftSettings: languageSettings),
        .testTarget(
            name: "prefsTests",
            dependencies: [
                "PrefsKit", "PrefsFileStore", "PrefsTUI", "PrefsTestSupport", "PrefsTestHelpers", "PrefsTools", "prefs",
                "prefs-test-helper", "theme-demo",
            ],
            swiftSettings: languageSettings),
    ]
)

// The GSettings store, where GIO is installed.
if buildsGSettings {
    package.products.append(.library(name: "PrefsGSettings", targets: ["PrefsGSettings"]))
    package.targets += [
        // Verify/ is compiled by .ci/run against GLib's headers, never into a product.
        .target(name: "CGio", dependencies: ["CPrefsSystem"], exclude: ["Verify"]),
        // GVariants, GLib's main loop and errors, shared by the stores on GIO (GSettings, Xfconf).
        .target(
            name: "PrefsGLib",
            dependencies: [
                "PrefsSystem", "PrefsCore", "PrefsStoreKit", "CGio", .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings),
        .target(
            name: "PrefsGSettings",
            dependencies: [
                "PrefsSystem",
                "PrefsCore", "PrefsStoreKit", "PrefsGLib", "PrefsDBus", "CGio",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings),
    ]
    package.products.append(.library(name: "PrefsXfconf", targets: ["PrefsXfconf"]))
    package.targets.append(
        .target(
            name: "PrefsXfconf",
            dependencies: [
                "PrefsCore", "PrefsStoreKit", "PrefsDBus", "PrefsGLib", "PrefsSystem",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings))
    package.targets.append(
        .testTarget(
            name: "PrefsXfconfTests",
            dependencies: [
                "PrefsKit", "PrefsXfconf", "PrefsTools", "PrefsStores", "PrefsTUI", "PrefsTestSupport",
                "PrefsTestHelpers", "prefs", "prefs-test-helper",
            ],
            swiftSettings: languageSettings))
    // Flatpak apps' own settings: GLib's keyfile backend, typed by the schemas in each app's deployment.
    package.products.append(.library(name: "PrefsFlatpak", targets: ["PrefsFlatpak"]))
    package.targets += [
        .target(
            name: "PrefsFlatpak",
            dependencies: ["PrefsCore", "PrefsStoreKit", "PrefsGLib", "PrefsDBus", "PrefsSystem"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "PrefsFlatpakTests",
            dependencies: [
                "PrefsFlatpak", "PrefsGLib", "PrefsCore", "PrefsSystem", "PrefsTestSupport", "PrefsTestHelpers",
                "prefs",
            ],
            swiftSettings: languageSettings),
    ]
    package.targets.append(
        .testTarget(
            name: "PrefsGSettingsTests",
            dependencies: [
                "PrefsKit", "PrefsGSettings", "PrefsGLib", "PrefsDBus", "PrefsTools", "PrefsStores", "PrefsTUI",
                "PrefsTestSupport",
                "PrefsTestHelpers", "prefs", "prefs-test-helper",
            ],
            exclude: ["Schemas"], swiftSettings: languageSettings))
    for target in package.targets where target.name == "PrefsStores" {
        target.dependencies += ["PrefsGSettings", "PrefsXfconf", "PrefsFlatpak"]
    }
}
