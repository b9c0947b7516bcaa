import Synchronization
package import SystemPackage

/// The journal files a store has open, kept between writes and attributions.
///
/// Opening and closing a journal for every write and for every change a watcher attributes cost two system calls and
/// a path conversion each, on the way from a write to its watchers. A descriptor is opened for reading and appending,
/// and is replaced when its file has been unlinked: compaction renames a new journal over the old one.
package final class JournalDescriptors: Sendable {
    /// At most this many stay open, so that a store watching thousands of suites keeps within the descriptor limit.
    package static let limit = 32

    /// By path, as a string: a dictionary keyed by `FilePath` made each command look up `FilePath`'s `Hashable`
    /// conformance at run time, a scan of every conformance in the binary.
    private let descriptors = Mutex<[String: FileDescriptor]>([:])

    deinit {
        descriptors.withLock { open in
            for descriptor in open.values { try? descriptor.close() }
        }
    }

    /// Runs `body` with the journal at `path` open, holding the cache's lock so that no other thread closes it
    /// meanwhile.
    ///
    /// - Parameters:
    ///   - path: The journal.
    ///   - creating: Whether to create the journal when there is none.
    ///   - body: Given the descriptor and its status; returns `nil` to ask for a fresh descriptor once, when the
    ///     status says the file was unlinked.
    /// - Returns: What `body` returns.
    /// - Throws: The `Errno` of opening the file, or what `body` throws.
    package func withDescriptor<Result>(
        _ path: FilePath, creating: Bool, _ body: (FileDescriptor) throws -> Result?
    ) throws -> Result? {
        let key = path.string
        return try descriptors.withLock { open in
            for attempt in 0..<2 {
                let descriptor: FileDescriptor
                if let cached = open[key], attempt == 0 {
                    descriptor = cached
                } else {
                    if let stale = open.removeValue(forKey: key) { try? stale.close() }
                    if open.count >= Self.limit, let (evicted, old) = open.first {
                        open[evicted] = nil
                        try? old.close()
                    }
                    // Without blocking, and only a regular file: a FIFO planted under a journal's name would
                    // otherwise take writes until its buffer filled and then hold every writer of the suite.
                    descriptor = try FileDescriptor.open(
                        path, .readWrite,
                        options: creating
                            ? [.create, .append, .noFollow, .nonBlocking, .closeOnExec]
                            : [.append, .noFollow, .nonBlocking, .closeOnExec],
                        permissions: [.ownerReadWrite])
                    guard (try? descriptor.stat())?.type == .regular else {
                        try? descriptor.close()
                        throw Errno.notSupported
                    }
                    open[key] = descriptor
                }
                if let result = try body(descriptor) { return result }
            }
            return nil
        }
    }

    /// Closes the descriptor of a journal that was just replaced.
    package func forget(_ path: FilePath) {
        descriptors.withLock { open in
            if let descriptor = open.removeValue(forKey: path.string) { try? descriptor.close() }
        }
    }
}
