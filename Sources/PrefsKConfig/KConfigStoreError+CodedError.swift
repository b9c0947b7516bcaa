public import PrefsCore
import PrefsStoreKit

extension KConfigStoreError: CodedError {
    public var code: ErrorCode {
        switch self {
        case .invalidSuiteName: .invalidSuiteName
        case .invalidKeyName: .noKey
        case .invalidValue: .invalidValue
        case .immutable: .lockedKey
        case .unreadable: .corrupt
        case .writeFailed: .io
        case .lockTimeout: .locked
        case .unsafe, .untrusted: .unsafe
        case .unreadableSchema: .invalidSchema
        case .readOnlySchemas: .refused
        }
    }
}
