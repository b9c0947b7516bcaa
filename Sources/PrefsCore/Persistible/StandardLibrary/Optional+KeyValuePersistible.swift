extension Optional: KeyValuePersistible where Wrapped: KeyValuePersistible {
    /// `nil` is stored as the key's absence; any other value as the wrapped type stores it.
    public static var persistentKeyValueRepresentation: OptionalPersistentKeyValueRepresentation<Wrapped.Representation>
    {
        OptionalPersistentKeyValueRepresentation(Wrapped.persistentKeyValueRepresentation)
    }
}
