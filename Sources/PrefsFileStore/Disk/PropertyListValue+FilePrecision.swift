import PrefsCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PropertyListValue {
    /// The value as a suite file of a format holds it: in XML, dates to the whole second, rounded down, as
    /// Foundation's XML property lists write them; in a binary file, exactly.
    ///
    /// A write keeps this form in memory and in the journal, so that the writer, other processes reading the file,
    /// and the journal that attributes the change all hold the same value.
    ///
    /// - Parameter format: The suite file's format.
    /// - Returns: The value as the file keeps it.
    func stored(in format: SuiteFileFormat) -> PropertyListValue {
        format == .binary ? self : wholeSeconds
    }

    private var wholeSeconds: PropertyListValue {
        switch self {
        case .date(let date):
            .date(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down)))
        case .array(let elements): .array(elements.map(\.wholeSeconds))
        case .dictionary(let elements): .dictionary(elements.mapValues(\.wholeSeconds))
        case .bool, .int, .unsignedInt, .double, .string, .data: self
        }
    }
}
