// MARK: - API

extension PersistentKeyValueStore {
    /// The value of a key: a launch-argument override, else a locked system value, else the user's value, else the
    /// first system layer's, else the key's default (see ``SystemLayers/resolve(_:user:)``).
    ///
    /// A stored value of the wrong type, or one that does not decode, reads as the default; ``inspect(_:)`` says
    /// which case applied and which layer holds it.
    ///
    /// - Parameter key: The key.
    /// - Returns: The value a read returns.
    @inlinable @inline(__always)
    public func get<Key: PersistentKeyProtocol>(_ key: Key) -> Key.Value {
        // Inlinable so that callers specialize it: unspecialized, a third of a read went to generic metadata lookups.
        // The common case, checked without building an inspection: no override, no lock, and a user's value that
        // decodes.
        // The lock is asked without copying the layers, which only the slower path needs.
        // Nothing is bound or copied on this path: a binding of the launch arguments retained their dictionary, and a
        // call asked for the lock where an atomic flag says no key is locked.
        if key.isMutable, launchArguments.values.isEmpty, liveSystemLayers.map({ $0.locksNothing }) ?? true,
            let stored = primitiveValue(forKey: key.id), let value = try? key.representation.decode(stored)
        {
            return value
        }
        return slowGet(key)
    }

    /// A read that an override, a lock, a system layer, a renamed key or a value that does not decode may change.
    @inlinable
    func slowGet<Key: PersistentKeyProtocol>(_ key: Key) -> Key.Value {
        if key.isMutable, launchArguments.values.isEmpty, !(liveSystemLayers?.isLocked(key.id) ?? false),
            let stored = primitiveValue(forKey: key.id), let value = try? key.representation.decode(stored)
        {
            return value
        }
        let (stored, source) = layeredPrimitive(of: key)
        return key.resolve(stored: stored, launchArgument: launchArguments[key.id], source: source).value
    }

    /// What a read of a key finds stored: the primitive under its identifier, else under the newest of its former
    /// identifiers that holds one, so that a renamed key keeps the value users set before the rename.
    ///
    /// - Parameter key: The key.
    /// - Returns: The stored primitive, or `nil` when neither the key nor its former names hold one.
    @inlinable
    public func storedPrimitive(of key: some PersistentKeyProtocol) -> PropertyListValue? {
        if let value = primitiveValue(forKey: key.id) { return value }
        return firstStored(among: key.formerIDs)?.value
    }

    /// The first of some names that holds a value, with that value: how a read of a renamed key picks among its former
    /// names, for callers that work from a schema entry rather than a Swift key.
    ///
    /// - Parameter names: The names, in order of preference (a key's former names are newest first).
    /// - Returns: The name found and its value, or `nil` when none is stored.
    @inlinable
    public func firstStored(among names: [String]) -> (name: String, value: PropertyListValue)? {
        for name in names {
            if let value = primitiveValue(forKey: name) { return (name, value) }
        }
        return nil
    }

    /// What a read of a key finds through the layers, before decoding: a locked system value, the user's value (under
    /// the key's identifier or its newest former one), the first system layer's, or nothing.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - layers: The store's ``systemLayers``, when the caller has them already.
    /// - Returns: The primitive, and the layer it comes from.
    @inlinable
    public func layeredPrimitive(
        of key: some PersistentKeyProtocol, layers: SystemLayers? = nil
    ) -> (value: PropertyListValue?, source: ValueSource) {
        let layers = layers ?? systemLayers
        let user = storedPrimitive(of: key)
        if layers.isEmpty { return (user, user == nil ? .default : .user) }
        return layers.resolve(key.id, user: user)
    }

    /// The primitive a read of an identifier finds through the layers, and the layer it comes from, for tools that
    /// work from names rather than Swift keys.
    ///
    /// - Parameter key: The key's identifier.
    /// - Returns: The primitive (`nil` for the default) and its source.
    public func effectiveValue(forKey key: String) -> (value: PropertyListValue?, source: ValueSource) {
        systemLayers.resolve(key, user: primitiveValue(forKey: key))
    }

    /// Every value a read finds through the layers, by identifier: the user's values, the system layers' and locked
    /// values in their place, and no key that reads as its default.
    ///
    /// - Returns: The effective primitives; the user's values alone when no layer or lock applies.
    public func effectiveValues() -> [String: PropertyListValue] {
        let layers = systemLayers
        let user = primitiveValues()
        return layers.isEmpty ? user : layers.effectiveValues(user: user).mapValues(\.0)
    }

    /// The value of a key together with where it came from, which layer holds it, and what is stored.
    ///
    /// - Parameter key: The key.
    /// - Returns: The value, its status and source, and the stored primitive.
    public func inspect<Key: PersistentKeyProtocol>(_ key: Key) -> PersistentValueInspection<Key.Value> {
        let (stored, source) = layeredPrimitive(of: key)
        return key.resolve(stored: stored, launchArgument: launchArguments[key.id], source: source)
    }

    /// Stores a value for a key.
    ///
    /// Writing a key's Optional `nil` removes it.
    ///
    /// A write to a debug key in a release build is ignored. A failure is passed to ``reportWriteFailure(_:)``; use
    /// ``update(_:to:)`` to handle it yourself.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - value: The new value.
    public func set<Key: PersistentKeyProtocol>(_ key: Key, to value: Key.Value) {
        do {
            try update(key, to: value)
        } catch {
            reportWriteFailure(error)
        }
    }

    /// Removes a key's stored value, so that it reads as its default again.
    ///
    /// - Parameter key: The key.
    public func remove<Key: PersistentKeyProtocol>(_ key: Key) {
        do {
            try reset(key)
        } catch {
            reportWriteFailure(error)
        }
    }

    /// Stores a value for a key, throwing when the store cannot be written.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - value: The new value.
    /// - Throws: ``PersistentKeyValueStoreError`` when the value cannot be encoded or the store cannot be written;
    ///   nothing is changed then.
    public func update<Key: PersistentKeyProtocol>(_ key: Key, to value: Key.Value) throws(PersistentKeyValueStoreError)
    {
        guard key.isMutable else { return }
        let primitive: PropertyListValue?
        do {
            primitive = try key.encode(value)
        } catch {
            throw PersistentKeyValueStoreError(.encoding, key: key.id, message: error.description)
        }
        try write(primitive, for: key)
    }

    /// Removes a key's stored value, throwing when the store cannot be written.
    ///
    /// - Parameter key: The key.
    /// - Throws: ``PersistentKeyValueStoreError`` when the store cannot be written.
    public func reset<Key: PersistentKeyProtocol>(_ key: Key) throws(PersistentKeyValueStoreError) {
        guard key.isMutable else { return }
        try write(nil, for: key)
    }

    /// Writes a key's primitive, and for a renamed key removes what its former identifiers hold in the same write, so
    /// that the old value can never be read again once a new one, or the default, was chosen.
    ///
    /// Every former name is removed, held or not as far as this process knows: another program may have written one
    /// since, and the store decides under its lock which removals change anything.
    private func write(_ primitive: PropertyListValue?, for key: some PersistentKeyProtocol)
        throws(PersistentKeyValueStoreError)
    {
        var changes: [String: PropertyListValue?] = [key.id: primitive]
        for former in key.formerIDs { changes.updateValue(nil, forKey: former) }
        if changes.count == 1 {
            try setPrimitiveValue(primitive, forKey: key.id)
        } else {
            try setPrimitiveValues(changes)
        }
    }

    /// Reads or writes a key's value, as ``get(_:)`` and ``set(_:to:)`` do.
    ///
    /// - Parameter key: The key.
    public subscript<Key: PersistentKeyProtocol>(_ key: Key) -> Key.Value {
        get { get(key) }
        set { set(key, to: newValue) }
    }
}

extension PersistentKeyValueStore {
    /// What a read of a key finds, with the value in stored form, for code that holds keys of many types, such as a
    /// settings screen listing a schema.
    ///
    /// - Parameter key: The key.
    /// - Returns: The value a read returns, encoded, or `nil` when that value is stored as absence (an Optional's
    ///   `nil`); with its status and what is stored.
    public func inspectPrimitive(_ key: any PersistentKeyProtocol) -> PersistentValueInspection<PropertyListValue?> {
        primitiveInspection(key)
    }

    private func primitiveInspection<Key: PersistentKeyProtocol>(_ key: Key)
        -> PersistentValueInspection<PropertyListValue?>
    {
        let inspection = inspect(key)
        let value = (try? key.encode(inspection.value)) ?? nil
        return PersistentValueInspection(
            value: value, status: inspection.status, stored: inspection.stored,
            ignoredLaunchArgument: inspection.ignoredLaunchArgument, source: inspection.source)
    }
}
