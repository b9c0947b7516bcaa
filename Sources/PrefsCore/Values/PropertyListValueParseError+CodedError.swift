extension PropertyListValueParseError: CodedError {
    public var code: ErrorCode { .invalidValue }
}
