/// Schema manifests tests install, shared by the in-process and the spawned command tests.
package enum SchemaFixtures {
    /// Suite `app`: an enum `theme`, a ranged `fontScale` and an optional date `since`, with a summary and a
    /// description to find.
    package static let app = """
        {"format": "prefs-schema", "version": 1, "suite": "app", "keys": [
          {"id": "theme", "type": "Theme", "kind": "enum", "storage": "string", "optional": false, "debug": false,
           "default": "light", "choices": ["light", "dark", "black"], "summary": "Colour theme"},
          {"id": "fontScale", "type": "Double", "kind": "double", "storage": "double", "optional": false,
           "debug": false, "default": 1.0, "range": {"min": 0.5, "max": 3.0}, "description": "Text size"},
          {"id": "since", "type": "Date", "kind": "date", "storage": "date", "optional": true, "debug": false}
        ]}
        """

    /// Suite `app` as the verb tests know it: an enum `theme` with a summary and a description, a ranged `size`, an
    /// array `tags` and a volatile `frame`.
    package static let verbs = """
        {"format": "prefs-schema", "version": 1, "suite": "app", "keys": [
         {"id": "theme", "type": "Theme", "kind": "enum", "storage": "string", "optional": false, "debug": false,
          "default": "light", "choices": ["light", "dark"], "summary": "Colour theme",
          "description": "The theme every window is drawn in."},
         {"id": "size", "type": "Int", "kind": "int", "storage": "int", "optional": false, "debug": false,
          "default": 12, "range": {"min": 6, "max": 72}},
         {"id": "tags", "type": "[Int]", "kind": "codable", "storage": "array<int>", "optional": false,
          "debug": false, "default": []},
         {"id": "frame", "type": "String", "kind": "string", "storage": "string", "optional": false, "debug": false,
          "default": "", "volatile": true}
        ]}
        """

    /// Suite `app`: a secret `token` and a plain `user`.
    package static let secret = """
        {"format": "prefs-schema", "version": 1, "suite": "app", "keys": [
          {"id": "token", "type": "String", "kind": "string", "storage": "string", "optional": false, "debug": false,
           "default": "", "secret": true, "summary": "API token"},
          {"id": "user", "type": "String", "kind": "string", "storage": "string", "optional": false, "debug": false,
           "default": ""}
        ]}
        """
}
