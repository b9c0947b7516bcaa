public import PrefsCore
import PrefsDBus
import PrefsGLib
import PrefsStoreKit
import Synchronization

extension XfconfChannel {
    /// Writes several properties, one call to xfconfd each, which stores them and announces them to every program.
    ///
    /// Under the channel's journal lock the properties are read as they are now, every value is converted (keeping
    /// the type the property holds) and checked against the types xfconfd holds, every property is checked for a
    /// lock, the changes are staged in the journal, then made, then committed in the journal. Properties that
    /// already hold the value given are left out; `nil` resets a property. Xfconf has no transactions: a bus that
    /// fails half way leaves the changes made before, and the error says how many.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each property, or `nil` to reset it.
    ///   - expecting: What some properties must hold for the write to be made; `nil` means unset.
    /// - Returns: The changes that took effect.
    /// - Throws: ``XfconfStoreError`` for an invalid property, a value of no type Xfconf holds, a locked property, or
    ///   a bus that fails; ``/PrefsCore/PersistentKeyValueStoreError`` when a property does not hold what
    ///   `expecting` says.
    @discardableResult
    public func commit(_ changes: [String: PropertyListValue?], expecting: [String: PropertyListValue?]) throws
        -> [PersistentKeyValueChange]
    {
        try commit(inputs: changes.mapValues { $0.map(VariantInput.value) }, expecting: expecting)
    }

    /// Writes properties as ``commit(_:expecting:)`` does, some given as values and some as GVariant text.
    @discardableResult
    func commit(inputs changes: [String: VariantInput?], expecting: [String: PropertyListValue?]) throws
        -> [PersistentKeyValueChange]
    {
        guard !changes.isEmpty else { return [] }
        let applied = try store.journal.write(suite: name, timeout: store.lockTimeout, onFailure: reportWriteFailure) {
            writer in
            for property in expecting.keys.sorted() where try current(property) != expecting[property] ?? nil {
                throw PersistentKeyValueStoreError.changedSince(key: property)
            }
            let planned = try changes.keys.sorted().compactMap { property throws(XfconfStoreError) in
                try plan(property, changes[property] ?? nil)
            }
            let applied = planned.map { $0.change(suite: name, writer: writer) }
            // xfconfd's signal of this write, heard on GLib's thread, waits until the write is recorded as seen.
            return SuiteJournal.Plan(changes: applied) { [self] in
                try seen.making(applied) { () throws(XfconfStoreError) in try make(planned) }
            }
        }
        if !applied.isEmpty { store.written.withLock { _ = $0.insert(name) } }
        post(applied)
        return applied
    }

    /// Makes the planned changes, one call each.
    ///
    /// - Throws: ``XfconfStoreError/unreachable(_:)`` naming how many were made before the bus failed.
    private func make(_ planned: [PlannedChange<Variant>]) throws(XfconfStoreError) {
        var made = 0
        do {
            for change in planned {
                if let variant = change.variant {
                    try bus.set(change.key, of: name, to: variant)
                } else {
                    try bus.reset(change.key, of: name)
                }
                made += 1
            }
        } catch {
            // A call that failed may have been carried out all the same (xfconfd answered too late, or the bus went
            // after it delivered the call): the change is said to be in doubt, never to be unwritten.
            let done = made == 0 ? "" : "\(made) of \(planned.count) changes were made; "
            let doubtful = planned[min(made, planned.count - 1)].key
            throw .unreachable(
                "\(error); \(done)the change to \(TextEscaping.quoted(doubtful)) was sent and may have been made")
        }
    }

    /// A property's value as xfconfd holds it now.
    private func current(_ property: String) throws(XfconfStoreError) -> PropertyListValue? {
        do {
            return try bus.property(property, of: name).flatMap {
                userValue(VariantConversion.value(of: $0), of: property)
            }
        } catch {
            throw .unreachable(error.reason)
        }
    }

    /// Checks one change and converts its value.
    private func plan(_ property: String, _ input: VariantInput?) throws(XfconfStoreError) -> PlannedChange<Variant>? {
        try Self.checkPropertyName(property, channel: name)
        let old: Variant?
        let locked: Bool
        do {
            old = try bus.property(property, of: name)
            locked = try bus.isLocked(property, of: name)
        } catch {
            throw .unreachable(error.reason)
        }
        guard !locked else { throw .locked(channel: name, property: property) }
        let oldValue = old.flatMap { userValue(VariantConversion.value(of: $0), of: property) }
        guard let input else {
            // Only a value of the user's is reset: a system channel file's stays, as xfconf-query -r leaves it.
            return oldValue.map { PlannedChange<Variant>(key: property, variant: nil, old: $0, new: nil) }
        }
        let variant: Variant
        do {
            switch input {
            case .text(let text): variant = try VariantConversion.parsedText(text)
            case .value(let value): variant = try XfconfValues.variant(from: value, template: old)
            }
        } catch {
            throw .invalidValue(channel: name, property: property, reason: error.reason)
        }
        if let problem = XfconfValues.problem(with: variant) {
            throw .invalidValue(channel: name, property: property, reason: problem)
        }
        if let old, old.isEqual(to: variant) { return nil }
        return PlannedChange(
            key: property, variant: variant, old: oldValue,
            new: userValue(VariantConversion.value(of: variant), of: property))
    }

    /// Refuses a property name xfconfd would refuse: it starts with `/`, has no empty part, does not end with `/`,
    /// and holds letters, digits and `_ - : . , [ ] { } < >` between its slashes.
    static func checkPropertyName(_ property: String, channel: String) throws(XfconfStoreError) {
        let allowed = Set("_-:.,[]{}<>/")
        let valid =
            property.count > 1 && property.hasPrefix("/") && !property.hasSuffix("/") && !property.contains("//")
            && property.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || allowed.contains($0) }
        guard valid else {
            throw .invalidProperty(
                channel: channel, property: property,
                reason: "a property is a path such as /general/theme, of letters, digits and _ - : . , [ ] { } < >")
        }
    }
}
