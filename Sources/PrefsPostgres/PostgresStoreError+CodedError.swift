#if PostgreSQL
public import PrefsCore

extension PostgresStoreError: CodedError {
    public var code: ErrorCode {
        switch self {
        case .badLocation: .usage
        case .unreachable: .unreachable
        case .refused: .unreachable
        case .failed: .io
        case .invalidSuiteName: .invalidSuiteName
        case .timedOut: .locked
        case .undecodable: .corrupt
        }
    }
}
#endif
