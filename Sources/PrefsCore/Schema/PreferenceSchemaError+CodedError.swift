extension PreferenceSchemaError: CodedError {
    public var code: ErrorCode {
        switch self {
        case .invalidValue, .outOfRange, .notAChoice, .undecodable: .invalidValue
        case .unknownKey: .notInSchema
        case .duplicateKey, .conflictingTypes, .invalidManifest: .invalidSchema
        }
    }
}
