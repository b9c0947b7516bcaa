extension PersistentKey {
    /// This key, marked as state the program keeps rather than a setting a person chooses.
    ///
    /// ```swift
    /// static let windowFrame = PersistentKey("WindowFrame", defaultValue: "").volatile()
    /// ```
    ///
    /// The schema records it (`"volatile": true`), and `prefs dump --non-default` leaves the key out, so that a
    /// configuration kept in git does not change each time a window moves.
    ///
    /// - Returns: The key, marked.
    public func volatile() -> PersistentKey {
        var metadata = metadata
        metadata.isVolatile = true
        return PersistentKey(id: id, defaultValue: defaultValue, representation: representation, metadata: metadata)
    }

    /// This key, marked as a secret: outputs redact it unless asked to reveal it, and the journal keeps only the fact
    /// of a change.
    ///
    /// - Returns: The key, marked.
    public func secret() -> PersistentKey {
        var metadata = metadata
        metadata.isSecret = true
        return PersistentKey(id: id, defaultValue: defaultValue, representation: representation, metadata: metadata)
    }
}
