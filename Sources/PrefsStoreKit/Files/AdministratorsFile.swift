import PrefsSystem
package import SystemPackage

/// The rule for a file that rules a user's settings from outside them: a system layer, a lock file, a KDE system copy.
///
/// It must be an administrator's, owned by root or this user and writable by its owner alone, as sudo and dconf
/// require of theirs: anyone else could plant values or locks in every user's settings.
package enum AdministratorsFile {
    /// Why a file is no administrator's, or `nil` when it is one.
    ///
    /// - Parameter status: The file's status, taken from its open descriptor.
    /// - Returns: One phrase: whose it is, or who else may write it.
    package static func problem(_ status: Stat) -> String? {
        let owner = status.userID.rawValue
        guard owner == 0 || owner == Syscall.effectiveUserID() else {
            return "it belongs to user \(owner), neither root nor you"
        }
        guard status.permissions.isDisjoint(with: [.groupWrite, .otherWrite]) else {
            return "others than its owner may write it (mode \(String(status.permissions.rawValue & 0o777, radix: 8)))"
        }
        return nil
    }
}
