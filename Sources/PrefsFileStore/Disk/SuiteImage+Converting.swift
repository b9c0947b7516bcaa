import PrefsCore
import PrefsStoreKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SuiteImage {
    /// The image written whole in another format, with some keys changed: what `--format` asks of a write.
    ///
    /// - Parameters:
    ///   - format: The format to write.
    ///   - changes: The new value of each key, or `nil` to remove it.
    /// - Returns: The new image, read back from the bytes written.
    /// - Throws: ``Loss`` naming the first key the format cannot hold, or that does not read back identical.
    func converting(to format: SuiteFileFormat, _ changes: [String: PropertyListValue?]) throws(Loss) -> SuiteImage {
        var wanted: [ExactKey: PropertyListValue?] = [:]
        for (key, value) in changes { wanted[ExactKey(key)] = value }
        var entries: [(key: String, value: PropertyListValue)] = []
        for key in exactKeys {
            if let change = wanted.removeValue(forKey: ExactKey(key)) {
                if let change { entries.append((key, change)) }
            } else if let value = value(forKey: key) {
                entries.append((key, value))
            }
        }
        for key in changes.keys.sorted(by: ExactKey.precedes) where wanted[ExactKey(key)] != nil {
            if let value = changes[key] ?? nil { entries.append((key, value)) }
        }
        switch format {
        case .binary:
            let items = entries.map {
                (
                    key: BinaryPropertyListWriter.Source.key($0.key),
                    value: BinaryPropertyListWriter.Source.value($0.value)
                )
            }
            let output: [UInt8]
            do throws(BinaryPropertyListLayout.Failure) {
                output = try BinaryPropertyListWriter.document(items, transcribingFrom: nil)
            } catch {
                throw Loss(key: changes.keys.sorted().first ?? "", reason: error.reason)
            }
            return try readBack(output, changes: changes)
        case .xml:
            if let collision = exactValues?.keys.map(\.text).sorted().first {
                throw Loss(
                    key: collision,
                    reason: "keys that differ only in Unicode normalisation, which an XML file written whole cannot "
                        + "keep apart")
            }
            let values = Dictionary(entries, uniquingKeysWith: { _, last in last })
            try Self.checkXML(values.mapValues { $0 })
            return try readBack(SuiteImage(encoding: values).bytes ?? [], changes: changes)
        }
    }

    /// Checks that an XML property list can hold each value exactly.
    ///
    /// - Parameter changes: The values to write, by key; `nil` removes a key.
    /// - Throws: ``Loss`` naming the first key, in order, whose name or value XML cannot hold.
    static func checkXML(_ changes: [String: PropertyListValue?]) throws(Loss) {
        for key in changes.keys.sorted() {
            if let scalar = XMLPropertyListWriter.unwritableScalar(in: key) {
                throw Loss(key: key, reason: "its name holds \(scalar.describedForXML), " + XMLLimits.cannotHold)
            }
            guard let value = changes[key] ?? nil, let problem = value.xmlProblem else { continue }
            throw Loss(key: key, reason: problem)
        }
    }
}

extension PropertyListValue {
    /// Why an XML property list cannot hold this value exactly, or `nil` when it can: a character XML 1.0 does not
    /// allow, even as a reference, or a date with a fraction of a second.
    var xmlProblem: String? {
        switch self {
        case .string(let text):
            return XMLPropertyListWriter.unwritableScalar(in: text).map {
                "a string holding \($0.describedForXML), \(XMLLimits.cannotHold)"
            }
        case .date(let date):
            let seconds = date.timeIntervalSinceReferenceDate
            return seconds.rounded(.down) == seconds || !seconds.isFinite
                ? nil : "a date with a fraction of a second, \(XMLLimits.cannotHold)"
        case .array(let elements):
            return elements.lazy.compactMap(\.xmlProblem).first
        case .dictionary(let elements):
            for key in elements.keys.sorted() {
                if let scalar = XMLPropertyListWriter.unwritableScalar(in: key) {
                    return "a dictionary key holding \(scalar.describedForXML), \(XMLLimits.cannotHold)"
                }
                if let problem = elements[key]?.xmlProblem { return problem }
            }
            return nil
        case .bool, .int, .unsignedInt, .double, .data:
            return nil
        }
    }
}

extension Unicode.Scalar {
    /// The scalar as `U+0002`.
    var describedForXML: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
