package import SystemPackage

/// What a path holds, said in the words every store's messages use.
package enum FileKinds {
    /// A file type as a noun phrase: "a directory", "a FIFO", "a device".
    package static func describe(_ type: FileType) -> String {
        switch type {
        case .directory: "a directory"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .characterSpecial, .blockSpecial: "a device"
        case .symbolicLink: "a symbolic link"
        default: "not a regular file"
        }
    }
}
