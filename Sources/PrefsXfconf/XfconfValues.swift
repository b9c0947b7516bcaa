import PrefsCore
import PrefsGLib

/// The values xfconfd holds, as GVariants: it keeps a GValue of a basic type, or an array of them, and aborts on a
/// GVariant of any other type, losing every change it had not yet saved; so nothing else is ever sent.
enum XfconfValues {
    /// The basic types xfconfd keeps: bool, the integers (16-bit ones become int and uint), double, string.
    static let basicTypes: Set<String> = ["b", "y", "n", "q", "i", "u", "x", "t", "d", "s"]

    /// Why a value cannot go to xfconfd, or `nil` when it can.
    ///
    /// - Parameter variant: The value.
    /// - Returns: One line naming what Xfconf holds.
    static func problem(with variant: Variant) -> String? {
        let type = variant.typeString
        if basicTypes.contains(type) { return nil }
        if type == "av" {
            for index in 0..<variant.childCount where !basicTypes.contains(variant.child(index).inner.typeString) {
                return "an Xfconf array holds bool, int, uint, int64, uint64, double and string values, not "
                    + variant.child(index).inner.typeString
            }
            return nil
        }
        return "Xfconf holds bool, int, uint, int64, uint64, double, string and arrays of them, not GVariant \(type)"
    }

    /// The GVariant a value is sent as: of the type the property holds, else the type the value implies, arrays as
    /// `av`.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - template: What the property holds now, whose type is kept.
    /// - Returns: The GVariant.
    /// - Throws: ``VariantConversion/Failure`` when the value does not fit the type, or has none Xfconf holds.
    static func variant(from value: PropertyListValue, template: Variant?) throws(VariantConversion.Failure)
        -> Variant
    {
        if let template {
            return try VariantConversion.variant(from: value, type: template.typeString, template: template)
        }
        if case .array = value { return try VariantConversion.variant(from: value, type: "av") }
        return try VariantConversion.inferredVariant(from: value)
    }

    /// The name `xfconf-query -t` gives a type, for `read-type`: `int`, `uint64`, `array`.
    static func typeName(of variant: Variant) -> String {
        switch variant.typeString {
        case "b": "bool"
        case "y": "uchar"
        case "n": "int16"
        case "q": "uint16"
        case "i": "int"
        case "u": "uint"
        case "x": "int64"
        case "t": "uint64"
        case "d": "double"
        case "s": "string"
        case "av": "array"
        case let other: "GVariant \(other)"
        }
    }
}
