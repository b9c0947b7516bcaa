/// The longer help of commands whose rules live here, so that `--help` says what the application layer does, in
/// the layer that does it.
public enum CommandHelp {
    /// `prefs read --help`: values, group patterns, types, and the marks of values that are not the user's.
    public static let read = """
        With a key, prints the bare value: strings as they are, numbers, true/false, dates in ISO 8601, data in \
        base64, arrays and dictionaries as JSON. A key that is not stored prints its schema default. Without a \
        key, prints `key = value` lines; with --path /member/0, the part of the value that JSON Pointer names; \
        `editor.*` for KEY lists the group of keys under `editor.`, as `store.prefixed("editor.")` holds them; \
        without a suite, `suite key = value` lines for every suite. --types \
        names each value's type (`key (int) = 42`); with --json it prints the typed JSON form ({"int": 42}), \
        which keeps integers, reals, dates and data apart. A value that is not the user's own is marked after its \
        key: [system] for a system layer (<suite>.plist in $XDG_CONFIG_DIRS), [locked] for a key a <suite>.locks \
        file fixes, [default] for a schema default; --sources says where every value comes from, and with \
        --json gives {"value": ..., "source": "system", "file": "/etc/xdg/<suite>.plist"}.
        """

    /// `prefs export --help`: what each format keeps, and the user's values against the effective ones.
    public static let export = """
        The property list and typed JSON keep every type: {"format": "prefs-typed-json/1", "values": \
        {"count": {"int": 3}, "ratio": {"double": 3}}}. Plain JSON writes dates and data as strings and 3.0 as \
        3; an import reads them back by the suite's schema. Only the user's values are written; --effective \
        writes every value a read returns, with those of system layers, locks and schema defaults.
        """

    /// `prefs write`'s discussion: schema checks, types, defaults' spellings, and the forms that change part of a
    /// value.
    public static let write = """
        When a schema is installed for the suite, the value is read as the key's type and checked against its \
        range and choices, and keys the schema does not declare are refused unless --force is given. Without a \
        schema, a key that holds a value keeps its type unless --type names another, and a new key is a string \
        unless --type says otherwise. Negative numbers need no --. A bad value writes nothing. defaults' \
        spellings -int, -float, -bool, -string, -date, -array-add and -dict-add work too.

        --array-add appends the values to an array key and --dict-add sets members of a dictionary key (name, \
        value, name, value...), like defaults' -array-add and -dict-add; --path /member/0 writes inside a value \
        (a JSON Pointer; - appends to an array). These read the key and write it back in one step, which fails \
        rather than overwrite another writer's change made in between.
        """
}
