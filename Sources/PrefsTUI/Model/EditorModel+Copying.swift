import PrefsCore
import PrefsTools

/// `y` and `Y`: a value, or where a key is, onto the terminal's clipboard, as VS Code's "copy setting" does.
extension EditorModel {
    /// `y`: copies the selected key's value as its schema spells it (`prefs read`'s text, unescaped); a secret only
    /// once revealed (`v`).
    func copySelectedValue() {
        guard let suite = currentSuite, let row = selectedKey else { return say("select a key to copy its value") }
        guard let value = row.effective else { return say("\(TextEscaping.escaped(row.key)) holds no value to copy") }
        // The one secret decision: what the list hides is not copied either.
        if hidesValue(suite: suite, key: row.key) {
            return say("\(TextEscaping.escaped(row.key)) is secret: v reveals it, then y copies it")
        }
        // Unescaped: the clipboard takes the text itself, sent base64, and a revealed secret is the user's to copy.
        modal.effects.append(.copy(row.entry?.render(value) ?? value.text))
        say("copied the value of \(TextEscaping.escaped(row.key))")
    }

    /// `Y`: copies where the selected key is, as the path bar (`o`) and `prefs read` take it: `SUITE KEY`.
    func copySelectedPath() {
        guard let suite = currentSuite, let row = selectedKey else { return say("select a key to copy its path") }
        modal.effects.append(.copy(ShellWord.shown(suite) + " " + ShellWord.shown(row.key)))
        say("copied \(TextEscaping.escaped(suite)) \(TextEscaping.escaped(row.key))")
    }

    /// The effects asked for since the last call, oldest first; the loop does them.
    public func takeEffects() -> [EditorEffect] {
        defer { modal.effects = [] }
        return modal.effects
    }
}
