package import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

#if os(Linux)
/// Linux's inotify, as a directory watcher uses it: the descriptor, the events it asks for, and the events it reads,
/// parsed here so that no `inotify_event` leaves this module.
package enum Inotify {
    /// Which changes to a watched directory are reported.
    package struct Events: OptionSet, Sendable {
        package let rawValue: UInt32

        package init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// A file opened for writing was closed (`IN_CLOSE_WRITE`).
        package static let closedAfterWriting = Events(rawValue: UInt32(IN_CLOSE_WRITE))
        /// A file was renamed into the directory (`IN_MOVED_TO`).
        package static let movedIn = Events(rawValue: UInt32(IN_MOVED_TO))
        /// A file was renamed out of the directory (`IN_MOVED_FROM`).
        package static let movedOut = Events(rawValue: UInt32(IN_MOVED_FROM))
        /// A file was deleted (`IN_DELETE`).
        package static let deleted = Events(rawValue: UInt32(IN_DELETE))
        /// The directory itself was deleted (`IN_DELETE_SELF`).
        package static let directoryDeleted = Events(rawValue: UInt32(IN_DELETE_SELF))
        /// A file or folder was created (`IN_CREATE`).
        package static let created = Events(rawValue: UInt32(IN_CREATE))
        /// The kernel's queue overflowed and events were lost (`IN_Q_OVERFLOW`).
        package static let overflowed = Events(rawValue: UInt32(IN_Q_OVERFLOW))
    }

    /// One event read from the descriptor.
    package struct Event: Sendable {
        /// What happened.
        package let events: Events
        /// The name of the file it happened to, in the watched directory; empty for the directory itself.
        package let name: String
    }

    /// A non-blocking inotify descriptor, closed on exec.
    ///
    /// The corresponding C function is `inotify_init1`.
    package static func open() throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try Syscall.retrying { inotify_init1(CInt(IN_CLOEXEC | IN_NONBLOCK)) })
    }

    /// Watches a path for some events.
    ///
    /// The corresponding C function is `inotify_add_watch`.
    package static func watch(_ descriptor: FileDescriptor, _ path: FilePath, for events: Events) throws(Errno) {
        _ = try Syscall.retrying {
            path.withPlatformString { inotify_add_watch(descriptor.rawValue, $0, events.rawValue) }
        }
    }

    /// Parses what one read of the descriptor returned; a truncated last event is dropped.
    ///
    /// - Parameter bytes: The bytes read.
    /// - Returns: The events, in order.
    package static func events(in bytes: ArraySlice<UInt8>) -> [Event] {
        let headerSize = MemoryLayout<inotify_event>.size
        var events: [Event] = []
        var offset = bytes.startIndex
        while offset + headerSize <= bytes.endIndex {
            let event = bytes.withUnsafeBytes { raw in
                raw.loadUnaligned(fromByteOffset: offset - bytes.startIndex, as: inotify_event.self)
            }
            let nameStart = offset + headerSize
            let nameEnd = min(nameStart + Int(event.len), bytes.endIndex)
            let name = String(decoding: bytes[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
            events.append(Event(events: Events(rawValue: event.mask), name: name))
            offset = nameEnd
        }
        return events
    }
}
#endif
