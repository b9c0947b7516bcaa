import Foundation
import PrefsKit

extension PropertyListValue {
    /// The value as a suite file holds it: dates to the whole second, rounded down, as Foundation's XML property
    /// lists write them.
    ///
    /// A write keeps this form in memory and in the journal, so that the writer, other processes reading the file,
    /// and the journal that attributes the change all hold the same value.
    var asStoredInFile: PropertyListValue {
        switch self {
        case .date(let date):
            .date(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down)))
        case .array(let elements): .array(elements.map(\.asStoredInFile))
        case .dictionary(let elements): .dictionary(elements.mapValues(\.asStoredInFile))
        case .bool, .int, .unsignedInt, .double, .string, .data: self
        }
    }
}
