/// Why an XML file (a `.kcfg`, an Xfconf channel file) cannot be read.
package struct SmallXMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte where reading stopped.
    package let offset: Int
    package let reason: String

    package var description: String { "\(reason) (at byte \(offset))" }

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - offset: The byte where reading stopped.
    ///   - reason: What is wrong.
    package init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }
}
