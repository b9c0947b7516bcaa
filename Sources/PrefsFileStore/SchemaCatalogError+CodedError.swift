public import PrefsCore
import PrefsStoreKit

extension SchemaCatalogError: CodedError {
    public var code: ErrorCode {
        switch self {
        case .invalid, .unreadable: .invalidSchema
        case .noSuite: .usage
        case .invalidSuiteName: .invalidSuiteName
        case .io: .io
        }
    }
}
