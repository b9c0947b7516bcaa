/// A store's own error, which says what it is in the generic store API's words: refused, a conflict, locked, corrupt,
/// or a failure to reach or write the store.
///
/// The typed API (`set`, `remove`, ``PersistentKeyValueStore/setPrimitiveValues(_:)``) throws
/// ``PersistentKeyValueStoreError`` for every store; a store's writes throw their own errors, richer in what they
/// name, and each says once here how it reads as the generic one.
public protocol StoreErrorConvertible: Error {
    /// The error as the typed API's writes throw it, with the same message.
    var storeError: PersistentKeyValueStoreError { get }
}

extension PersistentKeyValueStoreError {
    /// Any error a store's write threw, as the typed API throws it: itself, a store's own error as it says
    /// (``StoreErrorConvertible``), and anything else as a failure to write (``Reason/io``) with its description.
    ///
    /// - Parameter error: What the write threw.
    public init(converting error: any Error) {
        switch error {
        case let error as PersistentKeyValueStoreError: self = error
        case let error as any StoreErrorConvertible: self = error.storeError
        default: self.init(.io, message: "\(error)")
        }
    }
}
