extension PersistentKeyValueStoreError: CodedError {
    public var code: ErrorCode {
        switch reason {
        case .encoding: .invalidValue
        case .io: .io
        case .corrupt: .corrupt
        case .refused: .refused
        case .conflict: .changedSince
        case .locked: .lockedKey
        }
    }
}
