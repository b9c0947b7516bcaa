#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own for work that blocks in the system, such as a watcher reading inotify or GLib's main loop,
/// where a task would hold one of the few threads of Swift's cooperative pool for good.
///
/// Foundation's `Thread` does this, but FoundationEssentials has none; this is the few lines of POSIX it takes.
package enum DetachedThread {
    /// Starts `body` on a new detached thread.
    ///
    /// - Parameter body: The work; the thread ends when it returns.
    /// - Returns: 0, or the `errno` value `pthread_create` failed with, when the system cannot start a thread.
    package static func start(_ body: @escaping @Sendable () -> Void) -> Int32 {
        let context = Unmanaged.passRetained(Work(body: body)).toOpaque()
        #if canImport(Glibc)
        var thread: pthread_t = 0
        #else
        var thread: pthread_t?
        #endif
        let result = pthread_create(&thread, nil, runWork, context)
        guard result == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return result
        }
        // Detached once started, rather than through attributes, whose type this module cannot make.
        #if canImport(Glibc)
        return pthread_detach(thread)
        #else
        return thread.map { pthread_detach($0) } ?? 0
        #endif
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void

        init(body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }

    #if canImport(Glibc)
    private static let runWork: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
        guard let context else { return nil }
        Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }
    #else
    private static let runWork: @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? = { context in
        Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }
    #endif
}
