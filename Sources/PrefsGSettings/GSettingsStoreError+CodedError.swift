public import PrefsCore
import PrefsStoreKit

extension GSettingsStoreError: CodedError {
    public var code: ErrorCode {
        switch self {
        case .noSchema: .noSuite
        case .invalidSuiteName, .needsPath, .fixedPath: .invalidSuiteName
        case .unknownKey, .declaredBySchema: .notInSchema
        case .invalidValue: .invalidValue
        case .notWritable: .lockedKey
        case .readOnlySchemas: .refused
        case .noBackend, .gioUnavailable, .dconfUnavailable: .unreachable
        case .writeFailed, .mappingsUnreadable: .io
        case .invalidMapping: .invalidSchema
        }
    }
}
