import Synchronization

/// The name this process's writes are journaled under, when its process name does not say what it is.
///
/// Every journaled write names its writer, so that `prefs log`, `prefs watch` and the editor say who changed a value
/// (`by mail-sync pid 812`). Without a declaration that name is the process's own, which for a helper run by a
/// generic launcher (`python3`, `java`, a renamed binary) tells a person little. Declare it once, before the first
/// write:
///
/// ```swift
/// import PrefsKit
///
/// @main struct MailSync {
///     static func main() throws {
///         WriterName.declare("mail-sync")
///         let store = try FileStore()
///         try store.suite("com.example.mail").setPrimitiveValue(.int(3), forKey: "unread")
///     }
/// }
/// ```
///
/// A name is one line of text of at most 64 characters; anything else is refused, so that a journal line never
/// carries a forged second record or a name that floods a terminal.
public enum WriterName {
    private static let name = Mutex<String?>(nil)

    /// The name this process declared, if any.
    public static var declared: String? { name.withLock { $0 } }

    /// Declares the name this process's writes are journaled under, from now on.
    ///
    /// - Parameter newName: The name: printable, on one line, 1 to 64 characters.
    /// - Returns: Whether the name was taken; a name that is empty, too long or holds a control character is not.
    @discardableResult
    public static func declare(_ newName: String) -> Bool {
        guard isValid(newName) else { return false }
        name.withLock { $0 = newName }
        return true
    }

    /// Whether a name can be declared: 1 to 64 characters, none a control character.
    public static func isValid(_ candidate: String) -> Bool {
        (1...64).contains(candidate.count)
            && !candidate.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
