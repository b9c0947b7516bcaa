import Foundation
import PrefsKit
import PrefsTestHelpers
import PrefsTools
import Testing

/// The rules that keep a secret, run where they live: a restore keeps it under any name it is stored by, a rename
/// never makes it a plain key, and no refusal names its value.
@Suite(.threadOfItsOwn) struct SecretRulesTests {
    static let secret = "tok-8c1f-SECRET"

    /// A store whose schema marks `token` secret, formerly `apiKey`, holding it under that old name and a `port`.
    private func storedUnderItsFormerName() throws -> ToolFixture {
        let fixture = try ToolFixture()
        try install(
            #"{"id": "token", "type": "String", "kind": "string", "storage": "string", "optional": false, "#
                + #""debug": false, "default": "", "secret": true, "formerly": ["apiKey"]}, {"id": "port", "#
                + #""type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false, "default": 80}"#,
            suite: "app", in: fixture)
        try WriteRequest(suite: "app", key: "apiKey", value: Self.secret, force: true).perform(in: fixture.context)
        try WriteRequest(suite: "app", key: "port", value: "8080").perform(in: fixture.context)
        return fixture
    }

    private func install(_ keys: String, suite: String, in fixture: ToolFixture) throws {
        let file = fixture.scope.url.appendingPathComponent("\(suite).json")
        try Data(#"{"format": "prefs-schema", "version": 1, "suite": "\#(suite)", "keys": [\#(keys)]}"#.utf8)
            .write(to: file)
        let installed = fixture.run {
            try SchemaActions.install(file.path, suite: nil, json: false, in: fixture.context)
        }
        try #require(installed.thrown == nil, "\(String(describing: installed.thrown))")
    }

    private func stored(_ key: String, _ fixture: ToolFixture) throws -> PropertyListValue? {
        try fixture.context.existingSuite("app").primitiveValue(forKey: key)
    }

    @Test func restoringABackupKeepsASecretUnderItsFormerName() throws {
        let fixture = try storedUnderItsFormerName()
        let document = try SuiteTransfer.export("app", as: .plist, in: fixture.context)
        try WriteRequest(suite: "app", key: "port", value: "9090").perform(in: fixture.context)
        try SuiteTransfer.importDocument(
            document, named: "e.plist", into: "app", replace: true, force: false, in: fixture.context)
        #expect(try stored("apiKey", fixture) == .string(Self.secret))
        #expect(try stored("port", fixture) == .int(8080))

        let dump = try ConfigurationDump.dump(nonDefault: false, in: fixture.context)
        try ConfigurationDump.load(dump, named: "all.json", replace: true, force: false, in: fixture.context)
        #expect(try stored("apiKey", fixture) == .string(Self.secret))
    }

    @Test func aSecretIsNotRenamedToAKeyThatIsNotSecretEvenWithForce() throws {
        let fixture = try storedUnderItsFormerName()
        for force in [false, true] {
            #expect {
                try SuiteEdit(suite: "app", context: fixture.context).rename("apiKey", to: "name", force: force)
            } throws: { error in
                "\(error)"
                    == #"key "apiKey" is secret and "name" is not, so its value would show; declare "name" secret "#
                    + "in the schema first"
            }
        }
        #expect(try stored("apiKey", fixture) == .string(Self.secret))
        #expect(try stored("name", fixture) == nil)
    }

    @Test func aRefusedValueOfASecretIsNotShownInTheError() throws {
        let fixture = try ToolFixture()
        try install(
            #"{"id": "pin", "type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false, "#
                + #""default": 1000, "secret": true, "range": {"min": 1000, "max": 9999}}, "#
                + #"{"id": "pins", "type": "[Int]", "kind": "codable", "storage": "array<int>", "optional": false, "#
                + #""debug": false, "default": [3333], "secret": true, "choices": [[1111, 2222], [3333]]}, "#
                + #"{"id": "word", "type": "Word", "kind": "enum", "storage": "string", "optional": false, "#
                + #""debug": false, "default": "alpha", "choices": ["alpha", "beta"], "secret": true}, "#
                + #"{"id": "expires", "type": "Date", "kind": "date", "storage": "date", "optional": true, "#
                + #""debug": false, "secret": true}"#,
            suite: "vault", in: fixture)
        try WriteRequest(suite: "vault", key: "pins", value: "[3333]", type: .json).perform(in: fixture.context)
        let edit = SuiteEdit(suite: "vault", context: fixture.context)
        let refusals: [() throws -> Void] = [
            { try edit.append(["6666"], toKey: "pins", type: nil, force: false) },
            { try WriteRequest(suite: "vault", key: "pins", value: "[3333, 6666]").perform(in: fixture.context) },
            { try edit.set("6666", at: ValuePath("/0"), inKey: "pins", type: nil) },
            { try edit.set(nil, at: ValuePath("/0"), inKey: "pins", type: nil) },
            { try WriteRequest(suite: "vault", key: "word", value: "gamma").perform(in: fixture.context) },
            { try WriteRequest(suite: "vault", key: "pin", value: "77777").perform(in: fixture.context) },
            // A precision the file cannot keep: refused by the store's rule, which names the value as every view does.
            {
                try WriteRequest(suite: "vault", key: "expires", value: "2031-05-06T07:08:09.6666Z")
                    .perform(in: fixture.context)
            },
        ]
        for (index, refusal) in refusals.enumerated() {
            #expect {
                try refusal()
            } throws: { error in
                let text = "\(error)"
                #expect(text.contains("••••"), "\(index): \(text)")
                return ["6666", "gamma", "77777", "[3333]\" is not", "[]", "2031"].allSatisfy { !text.contains($0) }
            }
        }
        #expect(try fixture.context.existingSuite("vault").primitiveValue(forKey: "pins") == .array([.int(3333)]))
    }
}
