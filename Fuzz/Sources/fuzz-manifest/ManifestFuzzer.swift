import Foundation
import PrefsKit

/// One input: the bytes of a schema manifest, loaded; a manifest that loads is written out and must load again to
/// the same schema.
func fuzzManifest(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let data = Data(bytes: start, count: count)
    guard let schema = try? PreferenceSchema(manifest: data) else { return 0 }
    guard let again = try? PreferenceSchema(manifest: schema.manifest()) else {
        fatalError("a loaded schema's own manifest does not load")
    }
    guard again.manifest() == schema.manifest() else { fatalError("a manifest does not round-trip") }
    // Every declared value must pass its own entry's checks.
    for entry in schema.entries {
        if let value = entry.defaultValue, (try? entry.validate(value)) == nil {
            fatalError("the default of \(entry.id.debugDescription) fails its own checks")
        }
    }
    return 0
}
