/// The words that say a value does not fit an XML property list, and the way out, for every message that says so.
package enum XMLLimits {
    package static let cannotHold = "which an XML property list cannot hold"
    package static let wayOut = "a binary property list can hold it: write with --format binary"
}
