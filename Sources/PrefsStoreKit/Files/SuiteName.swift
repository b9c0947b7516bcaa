import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A suite's name, checked to be safe to use as a file name.
///
/// Names become `<name>.plist` in the configuration directory, and the store keeps hidden `.<name>.plist.lock` and
/// temporary files beside them, so a name must not reach outside the directory or collide with those.
public struct SuiteName: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The most bytes a name may have, so that the lock file's name fits in the file system's 255.
    public static let maximumLength = SuiteNaming.maximumLength

    public let rawValue: String

    /// Checks a name against the rule every store keeps (``/PrefsCore/SuiteNaming``).
    ///
    /// - Parameter rawValue: The name.
    /// - Throws: ``FileStoreError/invalidSuiteName(_:reason:)`` when it is empty, contains `/`, `..`, NUL, a control
    ///   or an invisible character, starts with a dot, is too long, or is not in Unicode normalization form C.
    public init(validating rawValue: String) throws(FileStoreError) {
        if let reason = SuiteNaming.problem(with: rawValue) { throw .invalidSuiteName(rawValue, reason: reason) }
        self.rawValue = rawValue
    }

    /// Checks a name, as ``init(validating:)`` does.
    ///
    /// - Parameter rawValue: The name.
    public init?(rawValue: String) {
        guard let name = try? SuiteName(validating: rawValue) else { return nil }
        self = name
    }

    public var description: String { rawValue }
}
