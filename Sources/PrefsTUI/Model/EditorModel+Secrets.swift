public import PrefsCore
import PrefsTools

extension EditorModel {
    /// What a secret value shows as until `v` reveals it.
    public static let secretMask = Secrets.mask

    /// Whether a key is secret: the one decision every view, message, edit, copy and the recovery file ask, by the
    /// key's stored name, so that a secret is one under any of its names (a former one too).
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - key: The key, as stored.
    /// - Returns: Whether its schema marks it secret.
    public func isSecret(suite: String, key: String) -> Bool {
        Secrets.hides(data.schema(for: suite)?.entry(forStoredKey: key), revealed: false)
    }

    /// Whether a key's values are hidden: it is secret (``isSecret(suite:key:)``), and `v` has not revealed it.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - key: The key.
    /// - Returns: Whether the value shows as ``secretMask``.
    public func hidesValue(suite: String, key: String) -> Bool {
        isSecret(suite: suite, key: key) && !sessionKeys.isRevealed(suite: suite, key: key)
    }

    /// A value of a key as one line, or the mask for a hidden secret.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - suite: The suite.
    ///   - key: The key.
    /// - Returns: The text, never holding a control character.
    public func shown(_ value: PropertyListValue, suite: String, key: String) -> String {
        ValueText.inline(
            value, entry: data.schema(for: suite)?.entry(forStoredKey: key),
            revealed: sessionKeys.isRevealed(suite: suite, key: key))
    }

    /// A key's value as a list row shows it (stored, else the default), or the mask for a hidden secret.
    ///
    /// - Parameters:
    ///   - suite: The suite.
    ///   - key: The key.
    /// - Returns: One line of text.
    public func valueText(suite: String, key: String) -> String {
        hidesValue(suite: suite, key: key) ? Self.secretMask : data.valueText(suite: suite, key: key)
    }

    /// `v`: shows the selected secret key's value, or hides it again; the others stay hidden.
    func toggleReveal() {
        guard let suite = currentSuite, let row = selectedKey else { return }
        guard hidesValue(suite: suite, key: row.key) || sessionKeys.isRevealed(suite: suite, key: row.key) else {
            return say("\(TextEscaping.quoted(row.key)) is not a secret")
        }
        let revealed = sessionKeys.toggleReveal(suite: suite, key: row.key)
        say(revealed ? "revealed \(TextEscaping.quoted(row.key)); v hides it again" : "hidden")
    }
}
