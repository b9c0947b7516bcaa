public import PrefsTools

/// A key that `/` on the suites screen found in some suite: by its name, its value, or its documentation.
public typealias SearchMatch = KeyOfSuite
