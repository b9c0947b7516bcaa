// The shim is header-only; SwiftPM needs one source file to build the module.
