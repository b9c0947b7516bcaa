/// Another party holding what a suite's writers wait for (its lock file, held by another process as a writer holds
/// it), until released: the conformance suite's deadline check waits on it.
public struct WriteHold: Sendable {
    /// The process holding it, which a writer that gives up names.
    public let holder: Int32
    /// Lets go.
    public let release: @Sendable () -> Void

    /// - Parameters:
    ///   - holder: The process holding it.
    ///   - release: Lets go; called once, when the check is done.
    public init(holder: Int32, release: @escaping @Sendable () -> Void) {
        (self.holder, self.release) = (holder, release)
    }
}
