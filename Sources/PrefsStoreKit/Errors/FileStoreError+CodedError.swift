public import PrefsCore

extension FileStoreError: CodedError {
    public var code: ErrorCode {
        switch self {
        case .invalidSuiteName: .invalidSuiteName
        case .corrupt: .corrupt
        case .unreadable, .io, .notWritable: .io
        case .locked: .locked
        case .lockedKey: .lockedKey
        case .unrepresentable: .invalidValue
        case .unsafe: .unsafe
        case .changedSince: .changedSince
        case .tooLarge: .tooLarge
        }
    }
}
