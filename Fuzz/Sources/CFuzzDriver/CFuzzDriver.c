// The module is header-only; SwiftPM needs one source file to build it.
