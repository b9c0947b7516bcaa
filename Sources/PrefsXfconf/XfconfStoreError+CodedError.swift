public import PrefsCore
import PrefsStoreKit

extension XfconfStoreError: CodedError {
    public var code: ErrorCode {
        switch self {
        case .invalidChannel: .invalidSuiteName
        case .invalidProperty, .invalidValue: .invalidValue
        case .locked: .lockedKey
        case .unreachable, .gioUnavailable: .unreachable
        case .noSchemas: .refused
        case .unreadableFolder: .io
        }
    }
}
