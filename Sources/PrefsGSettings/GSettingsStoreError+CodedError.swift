public import PrefsCore

extension GSettingsStoreError: CodedError {
    public var code: ErrorCode {
        switch self {
        case .noSchema: .noSuite
        case .invalidSuiteName, .needsPath, .fixedPath: .invalidSuiteName
        case .unknownKey: .notInSchema
        case .invalidValue: .invalidValue
        case .notWritable: .lockedKey
        case .readOnlySchemas: .refused
        case .noBackend, .gioUnavailable: .unreachable
        case .writeFailed: .io
        }
    }
}
