import Foundation
import PrefsTestHelpers
import Testing

/// `prefs schema show SUITE --format json-schema`, checked by a real JSON Schema validator (python-jsonschema's
/// Draft 2020-12 validator, which `.ci/run` installs) against what `prefs export` writes.
@Suite(.threadOfItsOwn) struct CLIJSONSchemaTests {
    static let manifest = """
        {"format": "prefs-schema", "version": 1, "suite": "app", "keys": [
          {"id": "theme", "type": "Theme", "kind": "enum", "storage": "string", "optional": false, "debug": false,
           "default": "light", "choices": ["light", "dark"], "summary": "Colour theme"},
          {"id": "fontScale", "type": "Double", "kind": "double", "storage": "double", "optional": false,
           "debug": false, "default": 1.0, "range": {"min": 0.5, "max": 3.0}, "description": "Text size"},
          {"id": "retries", "type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false,
           "default": 3, "range": {"min": 0, "max": 10}, "formerly": ["retryCount"]},
          {"id": "token", "type": "String", "kind": "string", "storage": "string", "optional": true, "debug": false,
           "secret": true},
          {"id": "since", "type": "Date", "kind": "date", "storage": "date", "optional": true, "debug": false},
          {"id": "tags", "type": "[String]", "kind": "array", "storage": "array<string>", "optional": false,
           "debug": false, "default": []}
        ]}
        """

    /// Validates a JSON document against a schema; the validator's first error, or `nil` when it is valid.
    static func validate(_ document: String, against schema: String, in directory: URL) throws -> String? {
        let schemaFile = directory.appendingPathComponent("schema.json")
        let documentFile = directory.appendingPathComponent("document.json")
        try Data(schema.utf8).write(to: schemaFile)
        try Data(document.utf8).write(to: documentFile)
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            errors = list(jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[2]))))
            print(errors[0].message if errors else "valid")
            """
        let result = try ChildProcess.run(
            "/usr/bin/env", ["python3", "-c", script, schemaFile.path, documentFile.path])
        #expect(result.status == 0, "\(result.standardError)")
        let verdict = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        return verdict == "valid" ? nil : verdict
    }

    @Test func theJSONSchemaValidatesAnExportAndRefusesWhatTheSchemaForbids() throws {
        let cli = try InProcessPrefs()
        let file = cli.home.url.appendingPathComponent("app.json")
        try Data(Self.manifest.utf8).write(to: file)
        #expect(try cli.run("schema", "install", file.path).status == 0)
        let shown = try cli.run("schema", "show", "app", "--format", "json-schema")
        #expect(shown.status == 0, "\(shown.error)")
        let schema = shown.output
        let object = try #require(JSONSerialization.jsonObject(with: Data(schema.utf8)) as? [String: Any])
        #expect(object["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        let properties = try #require(object["properties"] as? [String: [String: Any]])
        #expect(properties["theme"]?["enum"] as? [String] == ["light", "dark"])
        #expect(properties["fontScale"]?["maximum"] as? Double == 3.0)
        #expect(properties["token"]?["writeOnly"] as? Bool == true)
        #expect(properties["retryCount"]?["deprecated"] as? Bool == true)
        #expect(properties["since"]?["format"] as? String == "date-time")

        for (key, value, type) in [
            ("theme", "dark", "string"), ("fontScale", "2.5", "float"), ("retries", "4", "int"),
            ("since", "2026-01-02T03:04:05Z", "date"), ("token", "s3cret", "string"), ("other", "x", "string"),
        ] {
            let result = try cli.run("write", "app", key, value, "--type", type, "--force")
            #expect(result.status == 0, "\(key): \(result.error)")
        }
        #expect(try cli.run("write", "app", "tags", #"["a","b"]"#, "--type", "json").status == 0)
        let export = try cli.run("export", "app", "--format", "json", "--reveal")
        #expect(export.status == 0, "\(export.error)")
        #expect(try Self.validate(export.output, against: schema, in: cli.home.url) == nil)

        let bad = [
            #"{"theme": "purple"}"#: "'purple' is not one of ['light', 'dark']",
            #"{"fontScale": 9}"#: "9 is greater than the maximum of 3",
            #"{"retries": 1.5}"#: "1.5 is not of type 'integer'",
            #"{"since": 12}"#: "12 is not of type 'string'",
            #"{"tags": [1]}"#: "1 is not of type 'string'",
        ]
        for (document, message) in bad {
            #expect(try Self.validate(document, against: schema, in: cli.home.url) == message, "\(document)")
        }
    }
}
