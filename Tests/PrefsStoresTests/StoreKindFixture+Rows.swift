import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTestSupport
import Testing

extension StoreKindFixture {
    /// Each row's fixture, by the row's name.
    static let all: [String: StoreKindFixture] = [
        "files": StoreKindFixture(
            value: { _ in "files" }, suite: "com.example.conformance", schema: ("schematic", counterManifest),
            foreignWrite: { scratch, suite, key, text in
                // Foundation's property list writer, as another program rewrites a suite's file.
                let file = scratch.appendingPathComponent("config/\(suite).plist")
                var values =
                    try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil)
                    as? [String: Any] ?? [:]
                values[key] = text
                try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
                    .write(to: file, options: .atomic)
            }),
        "kconfig": kconfig,
        "gsettings": gsettings,
        "xfconf": xfconf,
        "flatpak": flatpak,
        "postgresql": postgresql,
    ]

    /// A table of its own on the test server; another client is `psql`, writing the table's rows as SQL.
    static let postgresql = StoreKindFixture(
        value: { scratch in
            let server = ProcessInfo.processInfo.environment["PREFS_TEST_POSTGRES_URL"] ?? ""
            let table = "conformance_\(UUID().uuidString.prefix(8).lowercased())"
            try Data(table.utf8).write(to: scratch.appendingPathComponent("table"))
            return server + (server.contains("?") ? "&" : "?") + "table=\(table)"
        }, isAvailable: { ProcessInfo.processInfo.environment["PREFS_TEST_POSTGRES_URL"] != nil }, needs: [.psql],
        suite: "conformance", schema: ("schematic", counterManifest),
        // Its waits on the server have deadlines of their own, checked with a stopped server
        // (PostgresFaultTests); no lock file holds its writers.
        holdsWrites: false,
        foreignWrite: { scratch, suite, key, text in
            let table = try String(contentsOf: scratch.appendingPathComponent("table"), encoding: .utf8)
            let server = ProcessInfo.processInfo.environment["PREFS_TEST_POSTGRES_URL"] ?? ""
            // The names and the text are the checks' own, plain words: quoted as SQL literals all the same.
            let literal = { (word: String) in "'" + word.replacingOccurrences(of: "'", with: "''") + "'" }
            let json = literal(#"{"string": "\#(text)"}"#)
            try tool(
                SystemTool.psql.path,
                [
                    server.components(separatedBy: "?")[0], "-v", "ON_ERROR_STOP=1", "-c",
                    "UPDATE \(table) SET value = \(json), kind = 'string' WHERE suite = \(literal(suite)) "
                        + "AND key = \(literal(key))",
                ])
        })

    /// An app's manifest declaring the one key the schema check writes, for the stores whose schemas are installed.
    static let counterManifest = #"""
        {"format": "prefs-schema", "version": 1, "suite": "schematic", "keys": [{"id": "counter", "type": "Int",
         "kind": "int", "storage": "int", "optional": false, "debug": false, "default": 0}]}
        """#

    /// KDE's files keep text: the conformance keys are typed by a `.kcfg`, as an app's are, and a key no schema
    /// declares reads back as the text KConfig writes (`1`, `true`, a list joined by commas).
    static let kconfig = StoreKindFixture(
        value: { scratch in
            let schemas = scratch.appendingPathComponent("data/config.kcfg")
            try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: schemaFolder.appendingPathComponent("conformance.kcfg"),
                to: schemas.appendingPathComponent("conformance.kcfg"))
            return "kconfig"
        }, needs: [.kwriteconfig5], suite: "conformancerc", typedBySchema: true, holds: [],
        schema: ("conformancerc", nil), suiteName: { $0 + "rc" },
        storedForm: { value in
            switch value {
            case .int(let number): .string(String(number))
            case .bool(let flag): .string(flag ? "true" : "false")
            case .array(let items):
                .string(
                    items.map { item in if case .string(let text) = item { text } else { "\(item)" } }
                        .joined(separator: ","))
            default: value
            }
        },
        foreignWrite: { scratch, suite, key, text in
            try tool(
                "/usr/bin/kwriteconfig5", ["--file", suite, "--group", "<default>", "--key", key, text],
                environment: environment(scratch))
        })

    /// GNOME's settings, in a private session with the test schemas (`org.prefs.conformance`, and a schema for each
    /// suite the suite-store checks name); dconf's user database reset before each check.
    static let gsettings = StoreKindFixture(
        value: { _ in "gsettings" }, needs: [.gsettings, .dconf, .dbusDaemon], suite: "org.prefs.conformance",
        typedBySchema: true, schema: ("org.prefs.conformance", nil), suitesAreSchemas: true,
        session: {
            let session = try GSettingsSession()
            return (session.environment, session)
        },
        foreignWrite: { _, suite, key, text in try tool("/usr/bin/gsettings", ["set", suite, key, text]) },
        reset: { _ in _ = try ChildProcess.run("/usr/bin/dconf", ["reset", "-f", "/"]) })

    /// XFCE's settings, in a private session whose xfconfd starts on demand; every channel emptied before each check.
    static let xfconf = StoreKindFixture(
        value: { _ in "xfconf" }, needs: [.xfconfQuery, .dbusDaemon], suite: "conformance", holds: [], keyPrefix: "/",
        knownFailures: [.listsTheSuitesThatHoldKeys: lagging, .reopenedStoreSeesEverything: lagging],
        session: {
            let session = try XfconfSession()
            return (session.environment, session)
        },
        foreignWrite: { _, suite, key, text in try tool("/usr/bin/xfconf-query", ["-c", suite, "-p", key, "-s", text])
        },
        reset: { store in
            // xfconfd lists a channel once its file is written, seconds after: the channels the checks write are
            // named too.
            let written = [
                "conformance", "a.first", "b.second", "c.opened-only", "one", "two", "a", "b", "first", "second",
                "probe", "watched", "ignored", "kept", "history", "foreign",
            ]
            for name in Set(try store.listSuites() + written) {
                let suite = try store.anySuite(name)
                try suite.setPrimitiveValues(suite.primitiveValues().mapValues { _ in nil })
            }
        })

    /// Issue 60: xfconfd's `ListChannels` reads its files, which it writes seconds after a change, so a channel just
    /// written (or just emptied) is listed late.
    static let lagging: Comment = "xfconfd lists a channel seconds after it is written (issue 60)"

    /// Runs another program, which must succeed.
    static func tool(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        let result = try ChildProcess.run(path, arguments, environment: environment)
        try #require(result.status == 0, "\(path) \(arguments): \(result.standardError)")
    }

    /// This target's schema files.
    static let schemaFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Schemas", isDirectory: true)
}
