/// Why an external editor gave nothing back to write; its description is one line.
public struct ExternalEditorError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    /// Creates an error.
    ///
    /// - Parameter description: What went wrong.
    public init(_ description: String) {
        self.description = description
    }
}
