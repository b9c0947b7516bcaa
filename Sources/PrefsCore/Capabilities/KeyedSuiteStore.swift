/// A store of suites that reads and writes a few keys of a suite without reading the rest of it.
///
/// Opening a suite reads all of it, which a directory of files does anyway but a database table need not: a query for
/// one key costs that key, where a suite of 2,000 keys costs 2,000 rows. Tools that touch named keys (`prefs read
/// SUITE KEY`, `write`, `delete`) ask for this and otherwise open the suite.
///
/// These calls never leave a partial suite behind: a suite opened later through ``SuiteStore/anySuite(_:)`` reads
/// all of its keys as usual.
public protocol KeyedSuiteStore: SuiteStore {
    /// The stored values of some keys of a suite; keys not stored are absent.
    ///
    /// - Parameters:
    ///   - keys: The keys.
    ///   - suite: The suite's name.
    /// - Returns: The values found.
    /// - Throws: The store's error for a name it cannot hold, or when the store cannot be read.
    func primitiveValues(forKeys keys: [String], inSuite suite: String) throws -> [String: PropertyListValue]

    /// Stores and removes keys of a suite in one transaction, creating the suite by its first key.
    ///
    /// - Parameters:
    ///   - changes: The value to store for each key, or `nil` to remove it.
    ///   - suite: The suite's name.
    /// - Returns: The changes that took effect; keys that already held the value given are left out.
    /// - Throws: The store's error; nothing is written then.
    @discardableResult
    func commit(_ changes: [String: PropertyListValue?], inSuite suite: String) throws -> [PersistentKeyValueChange]

    /// Whether a suite holds at least one key, without listing every suite.
    ///
    /// - Parameter suite: The suite's name.
    /// - Returns: Whether it holds a key.
    /// - Throws: The store's error for a name it cannot hold, or when the store cannot be read.
    func holdsKeys(suite: String) throws -> Bool
}
