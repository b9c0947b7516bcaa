import PrefsCore
import PrefsStoreKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PropertyListValue {
    /// Whether two values are the very same: reals and dates compared by their bits, so that NaN is itself and `-0.0` is not
    /// `0.0`, dictionary keys by their bytes, and an integer never equal to a real.
    ///
    /// This is the test for "written back unchanged"; `==` follows the numeric and Unicode rules instead.
    func isIdentical(to other: PropertyListValue) -> Bool {
        switch (self, other) {
        case (.double(let lhs), .double(let rhs)):
            return lhs.bitPattern == rhs.bitPattern
        case (.date(let lhs), .date(let rhs)):
            // A binary file's date is a real too, NaN included.
            return lhs.timeIntervalSinceReferenceDate.bitPattern == rhs.timeIntervalSinceReferenceDate.bitPattern
        case (.string(let lhs), .string(let rhs)):
            return ExactKey.same(lhs, rhs)
        case (.array(let lhs), .array(let rhs)):
            return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.isIdentical(to: $1) }
        case (.dictionary(let lhs), .dictionary(let rhs)):
            guard lhs.count == rhs.count else { return false }
            let exact = Dictionary(rhs.map { (ExactKey($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
            return lhs.allSatisfy { key, value in exact[ExactKey(key)].map { value.isIdentical(to: $0) } ?? false }
        default:
            return self == other
        }
    }

    /// Why a value did not survive being written and read back, for an error message.
    func lossDescription(readBack: PropertyListValue?) -> String {
        if case .date(let date) = self,
            date.timeIntervalSinceReferenceDate.rounded(.down) != date.timeIntervalSinceReferenceDate
        {
            return "a date with a fraction of a second, which an XML property list cannot hold"
        }
        guard let readBack else { return "a value that does not read back" }
        return "\(description)\(SuiteImage.readBackPhrase)\(readBack.description)"
    }
}
