/// Why an XML file (a `.kcfg`, an Xfconf channel file) cannot be read.
public struct SmallXMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte where reading stopped.
    public let offset: Int
    public let reason: String

    public var description: String { "\(reason) (at byte \(offset))" }

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - offset: The byte where reading stopped.
    ///   - reason: What is wrong.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }
}
