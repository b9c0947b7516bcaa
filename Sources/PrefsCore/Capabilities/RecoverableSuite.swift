#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A suite whose unreadable data can be moved aside and started afresh, as the file store's can.
public protocol RecoverableSuite: AnyObject {
    /// Whether a readable previous version, the one the last write replaced, can be restored.
    var canRestorePreviousVersion: Bool { get }

    /// Moves the unreadable data aside, keeping it, and starts the suite afresh from a source.
    ///
    /// - Parameter source: Where the suite's values come from.
    /// - Returns: Where the old data went and how many keys the suite now holds.
    /// - Throws: The store's error naming what could not be done; nothing is moved then.
    @discardableResult
    func recover(from source: SuiteRecoverySource) throws -> SuiteRecovery
}

/// Where a recovered suite's values come from.
public enum SuiteRecoverySource: Sendable, Hashable {
    /// Nowhere: the suite starts empty.
    case nothing
    /// The version the last write replaced, when it is this user's own and reads as a suite: never the staging file
    /// a write in progress, or one killed before its swap, left.
    case previous
    /// A property list a person chose, such as a backup made with `prefs export`; its bytes become the suite.
    case file(URL)
}

/// What a recovery did.
public struct SuiteRecovery: Sendable, Hashable {
    /// Where the unusable data now is, or `nil` when the suite had none.
    public let movedAside: URL?
    /// The keys the suite holds afterwards.
    public let keys: Int

    /// Creates a record of a recovery.
    ///
    /// - Parameters:
    ///   - movedAside: Where the unusable data now is.
    ///   - keys: The keys the suite holds afterwards.
    public init(movedAside: URL?, keys: Int) {
        self.movedAside = movedAside
        self.keys = keys
    }
}
