import Foundation
import PrefsKit
import PrefsTestHelpers
import Testing

@Suite struct SchemaTests {
    private let keys: [any PersistentKeyProtocol] = [
        PersistentKey.flavor, PersistentKey.volume, PersistentKey.ratio, PersistentKey.isEnabled, PersistentKey.optIn,
        PersistentKey.name, PersistentKey.profile, PersistentKey.recents, PersistentKey.scores, PersistentKey.started,
        PersistentDebugKey<Bool>("beta", debugDefaultValue: true, releaseDefaultValue: false, summary: "Beta"),
        PersistentKey<Priority>("priority", defaultValue: .low),
        PersistentKey<Data>("blob", defaultValue: Data([1, 2])),
    ]

    private func schema() throws -> PreferenceSchema {
        try PreferenceSchema(suite: "com.example.tests", keys: keys)
    }

    @Test func describesEveryKey() throws {
        let schema = try schema()
        #expect(schema.entries.map(\.id).first == "flavor")
        let kinds = schema.entries.map(\.kind)
        #expect(
            kinds == [
                .enum, .int, .double, .bool, .bool, .string, .codable, .array, .dictionary, .date, .bool, .enum, .data,
            ])
        let flavor = try #require(schema["flavor"])
        #expect(flavor.choices == [.string("vanilla"), .string("chocolate"), .string("strawberry")])
        #expect(flavor.defaultValue == .string("vanilla"))
        #expect(flavor.summary == "Ice cream flavour")
        #expect(flavor.typeName == "Flavor")
        #expect(schema["volume"]?.range == .integer(0...10))
        #expect(schema["ratio"]?.range == .real(0...1))
        #expect(schema["name"]?.description == "The user's display name.")
        #expect(schema["optIn"]?.isOptional == true)
        #expect(schema["optIn"]?.defaultValue == nil)
        #expect(schema["beta"]?.isDebug == true)
        #expect(schema["flavor"]?.isDebug == false)
        #expect(schema["recents"]?.storage == .array(.string))
        #expect(schema["profile"]?.storage == .data)
        #expect(schema["nope"] == nil)
    }

    @Test func rejectsADuplicateKey() {
        #expect(throws: PreferenceSchemaError.duplicateKey("flavor")) {
            try PreferenceSchema(keys: [PersistentKey.flavor, PersistentKey.flavor])
        }
        #expect(PreferenceSchemaError.duplicateKey("flavor").description == #"key "flavor" is declared twice"#)
    }

    @Test func namesBothTypesWhenAKeyIsDeclaredTwiceDifferently() {
        let clash = PersistentKey<String>("volume", defaultValue: "loud")
        #expect(throws: PreferenceSchemaError.conflictingTypes(key: "volume", first: "Int", second: "String")) {
            try PreferenceSchema(keys: [PersistentKey.volume, clash])
        }
        #expect(
            PreferenceSchemaError.conflictingTypes(key: "volume", first: "Int", second: "String").description
                == #"key "volume" is declared as both Int and String"#)
    }

    @Test(arguments: [
        ("volume", "7", PropertyListValue.int(7)),
        ("ratio", "0.25", .double(0.25)),
        ("ratio", "1", .double(1)),
        ("isEnabled", "no", .bool(false)),
        ("optIn", "true", .bool(true)),
        ("flavor", "chocolate", .string("chocolate")),
        ("priority", "5", .int(5)),
        ("name", "  spaced ", .string("  spaced ")),
        ("recents", #"["a", "b"]"#, .array([.string("a"), .string("b")])),
        ("scores", #"{"x": 3}"#, .dictionary(["x": .int(3)])),
        ("started", "2024-05-01T12:00:00Z", .date(Date(timeIntervalSince1970: 1_714_564_800))),
        (
            "profile", #"{"tags": [], "name": "Ada", "age": 36}"#,
            .data(Data(#"{"age":36,"name":"Ada","tags":[]}"#.utf8))
        ),
        ("blob", "AQID", .data(Data([1, 2, 3]))),
    ])
    func parsesTextIntoTheStoredForm(key: String, text: String, expected: PropertyListValue) throws {
        #expect(try schema().parse(text, forKey: key) == expected)
    }

    @Test(
        arguments: [
            ("volume", "abc", #"invalid value for "volume": "abc" is not an integer"#),
            ("volume", "11", #"invalid value for "volume": 11 is out of range 0...10"#),
            ("volume", "-1", #"invalid value for "volume": -1 is out of range 0...10"#),
            ("ratio", "1.5", #"invalid value for "ratio": 1.5 is out of range 0.0...1.0"#),
            (
                "flavor", "pistachio",
                #"invalid value for "flavor": "pistachio" is not one of "vanilla", "chocolate", "strawberry""#
            ),
            ("priority", "3", #"invalid value for "priority": "3" is not one of "1", "5""#),
            ("recents", "[1]", #"invalid value for "recents": "1" is not a string"#),
            ("profile", #"{"name": "Ada"}"#, #"invalid value for "profile": cannot decode: missing "age""#),
            (
                "profile", "{",
                #"invalid value for "profile": "{" is not valid JSON (line 1, column 2, at the end of the text)"#
            ),
            ("missing", "1", #"unknown key "missing""#),
            ("name", "x", nil),
        ] as [(String, String, String?)])
    func rejectsBadTextWithAClearMessage(key: String, text: String, message: String?) throws {
        let schema = try schema()
        guard let message else {
            #expect(throws: Never.self) { try schema.parse(text, forKey: key) }
            return
        }
        #expect {
            try schema.parse(text, forKey: key)
        } throws: { error in
            (error as? PreferenceSchemaError)?.description == message
        }
    }

    @Test func rendersValuesAsTextThatParsesBack() throws {
        let schema = try schema()
        let samples: [(String, PropertyListValue)] = [
            ("volume", .int(3)), ("ratio", .double(0.5)), ("flavor", .string("strawberry")),
            ("recents", .array([.string("x")])), ("started", .date(Date(timeIntervalSince1970: 86_400))),
            ("profile", .data(Data(#"{"age":1,"name":"B","tags":["t"]}"#.utf8))), ("blob", .data(Data([9]))),
        ]
        for (key, value) in samples {
            let text = schema.render(value, forKey: key)
            #expect(try schema.parse(text, forKey: key) == value, "\(key): \(text)")
        }
        #expect(
            schema.render(.data(Data(#"{"age":1,"name":"B","tags":[]}"#.utf8)), forKey: "profile")
                == #"{"age":1,"name":"B","tags":[]}"#)
    }

    @Test func reportsTheStatusOfStoredValues() throws {
        let schema = try schema()
        let volume = try #require(schema["volume"])
        #expect(volume.status(of: nil) == .absent)
        #expect(volume.status(of: .int(3)) == .ok)
        #expect(volume.status(of: .string("x")) == .wrongType(expected: .int, found: .string("x")))
        let flavor = try #require(schema["flavor"])
        #expect(
            flavor.status(of: .string("mint"))
                == .undecodable(stored: .string("mint"), reason: "mint is not a valid Flavor"))
    }

    @Test func manifestRoundTripsEveryEntry() throws {
        let schema = try schema()
        let loaded = try PreferenceSchema(manifest: schema.manifest())
        #expect(loaded == schema)
        #expect(loaded.suite == "com.example.tests")
        #expect(loaded.entries.allSatisfy { !$0.decodesValues })
        // A schema loaded from a manifest still checks kinds, choices and ranges.
        #expect(throws: PreferenceSchemaError.self) { try loaded.parse("11", forKey: "volume") }
        #expect(throws: PreferenceSchemaError.self) { try loaded.parse("mint", forKey: "flavor") }
        #expect(
            try loaded.parse(#"{"age": 2, "name": "C", "tags": []}"#, forKey: "profile")
                == .data(Data(#"{"age":2,"name":"C","tags":[]}"#.utf8)))
        // Extreme integer bounds survive.
        let wide = try PreferenceSchema(keys: [PersistentKey<Int>("n", defaultValue: 0, range: Int.min...Int.max)])
        #expect(try PreferenceSchema(manifest: wide.manifest()) == wide)
    }

    @Test func manifestKeepsCodableDefaultsReadable() throws {
        let manifest = try schema().manifest()
        let document = try #require(try JSONSerialization.jsonObject(with: manifest) as? [String: Any])
        let keys = try #require(document["keys"] as? [[String: Any]])
        let profile = try #require(keys.first { $0["id"] as? String == "profile" })
        let value = try #require(profile["default"] as? [String: Any])
        #expect(value["name"] as? String == "none")
        #expect(document["format"] as? String == "prefs-schema")
    }

    @Test(arguments: [
        ("[]", "invalid schema manifest: not a JSON object"),
        (
            #"{"format": "other", "version": 1, "keys": []}"#,
            #"invalid schema manifest: "format" must be "prefs-schema""#
        ),
        (
            #"{"format": "prefs-schema", "version": 9, "keys": []}"#,
            #"invalid schema manifest: unsupported "version"; this build reads version 1"#
        ),
        (
            #"{"format": "prefs-schema", "version": 1, "keys": [{"id": "a", "kind": "int", "storage": "int"}]}"#,
            #"invalid schema manifest: key "a" has no "default""#
        ),
        (
            #"{"format": "prefs-schema", "version": 1, "keys": [{"id": "a", "kind": "int", "storage": "int", "default": "x"}]}"#,
            #"invalid schema manifest: key "a" has an invalid "default": "x" is not an integer"#
        ),
        (
            #"{"format": "prefs-schema", "version": 1, "keys": [{"id": "a", "kind": "colour", "storage": "int", "default": 1}]}"#,
            #"invalid schema manifest: key "a" has no valid "kind""#
        ),
        (
            #"{"format": "prefs-schema", "version": 1, "keys": [{"id": "a", "kind": "int", "storage": "int", "default": 1, "range": {"min": 5, "max": 1}}]}"#,
            #"invalid schema manifest: key "a" has an invalid "range"; expected {"min": …, "max": …} with min <= max"#
        ),
    ])
    func rejectsABadManifestNamingTheProblem(json: String, message: String) {
        #expect {
            try PreferenceSchema(manifest: Data(json.utf8))
        } throws: { error in
            (error as? PreferenceSchemaError)?.description == message
        }
    }

    @Test func aDebugKeyCanBeSecretAndRenamedAndTheSchemaKnowsItsFormerNamesAsSecret() throws {
        let token = PersistentDebugKey<String>(
            "debugToken", debugDefaultValue: "", releaseDefaultValue: "", secret: true, formerly: ["legacyToken"],
            configuration: .debug)
        let schema = try PreferenceSchema(suite: "s", keys: [token, PersistentKey<Int>("port", defaultValue: 80)])
        let entry = try #require(schema["debugToken"])
        #expect(entry.isSecret && entry.formerIDs == ["legacyToken"])
        #expect(schema.entry(forStoredKey: "legacyToken")?.id == "debugToken")
        #expect(schema["legacyToken"] == nil, "a former name is not a key of its own")
        #expect(schema.entry(forStoredKey: "port")?.id == "port")
        #expect(schema.entry(forStoredKey: "other") == nil)
        #expect(schema.secretStoredKeys == ["debugToken", "legacyToken"])
        let manifest = String(decoding: schema.manifest(), as: UTF8.self)
        #expect(manifest.contains(#""secret" : true"#) && manifest.contains(#""legacyToken""#))

        // Reads fall back to the former name; a write moves the value.
        let store = InMemoryPersistentKeyValueStore(["legacyToken": .string("old")])
        #expect(store.get(token) == "old")
        store.set(token, to: "new")
        #expect(store.primitiveValues() == ["debugToken": .string("new")])
    }

    /// Found by the manifest fuzzer: a real bound near 2e19 came back one unit in the last place away when
    /// Foundation's reader parsed the manifest PrefsKit wrote, so a reinstalled schema was not the same schema.
    @Test func aManifestReadsBackToTheSameSchemaWhateverItsNumbers() throws {
        let manifest = Data(
            (#"{"format": "prefs-schema", "version": 1, "keys": [{"id": "ratio", "kind": "double", "#
                + #""storage": "double", "default": 0.1, "range": {"min": -1e-300, "max": 19223372036854775807}}]}"#)
                .utf8)
        let schema = try PreferenceSchema(manifest: manifest)
        let written = schema.manifest()
        let again = try PreferenceSchema(manifest: written)
        #expect(again.manifest() == written)
        #expect(again == schema)
    }

    @Test func aManifestNamingAMemberTwiceIsRefused() {
        let manifest = Data(
            (#"{"format": "prefs-schema", "version": 1, "keys": [{"id": "a", "debug": "x", "debug": false, "#
                + #""kind": "bool", "storage": "bool"}]}"#).utf8)
        #expect(throws: PreferenceSchemaError.invalidManifest(#"names "debug" twice in one object"#)) {
            try PreferenceSchema(manifest: manifest)
        }
    }
}
