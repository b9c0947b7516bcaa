extension PropertyListDocumentError: CodedError {
    public var code: ErrorCode { .invalidDocument }
}

extension PreferenceSchemaSourceError: CodedError {
    public var code: ErrorCode { .invalidSchema }
}
