import PrefsCore
import PrefsTools

extension EditorModel {
    /// Whether `m` marked a key, for `R` to reset the marked keys alone.
    public func isMarked(suite: String, key: String) -> Bool {
        sessionKeys.isMarked(suite: suite, key: key)
    }

    /// `m`: marks the selected key, or unmarks it, and moves to the next one, as file managers do.
    func toggleMark() {
        guard let suite = currentSuite, let row = selectedKey else { return }
        let count = sessionKeys.toggleMark(suite: suite, key: row.key)
        say(count == 0 ? "no key is marked" : "\(count) marked; R resets them")
        if isKeysScreen { select(selectedIndex + 1) }
    }

    /// `c`: lists only the keys whose value is not the default (stored, overridden or invalid), or every key again.
    func toggleChangedOnly() {
        navigation.showsChangedOnly.toggle()
        navigation.selection[screen] = 0
        refresh()
        say(navigation.showsChangedOnly ? "only changed keys; c shows every key" : "every key")
    }

    /// The positions of the keys that hold a stored value, among the candidates or all.
    func changedPositions(_ list: KeyList, among candidates: [Int32]?) -> [Int32] {
        let positions = candidates ?? (0..<Int32(clamping: list.keys.count)).map { $0 }
        return positions.filter { list.suite.primitiveValue(forKey: list.keys[Int($0)]) != nil }
    }
}

extension EditorModel {
    /// `b`: bookmarks the selected key, or removes its bookmark; `B` lists the bookmarks.
    func toggleBookmark() {
        guard let suite = currentSuite, let row = selectedKey else { return }
        let added = navigation.bookmarks.toggle(suite: suite, key: row.key)
        if let problem = navigation.bookmarks.problem { return say(problem) }
        say(added ? "bookmarked \(TextEscaping.escaped(row.key)); B lists bookmarks" : "bookmark removed")
    }
}
