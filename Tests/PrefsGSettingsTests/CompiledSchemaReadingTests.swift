import Foundation
import PrefsGLib
import Testing

@testable import PrefsGSettings

/// The GVDB and serialized-GVariant readers on Debian's compiled desktop schemas, whole and damaged: what GLib wrote
/// reads as `gsettings` shows it, and no damage makes a reader trap or loop.
@Suite struct CompiledSchemaReadingTests {
    static let desktop = "/usr/share/glib-2.0/schemas/gschemas.compiled"

    @Test func theDesktopSchemasReadAsGLibWroteThem() throws {
        let table = try GVDBTable(file: [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.desktop))))
        let interface = try #require(table.table(forKey: "org.gnome.desktop.interface"))
        #expect(interface.value(forKey: ".path")?.string == "/org/gnome/desktop/interface/")
        let schema = CompiledSchema(id: "org.gnome.desktop.interface", table: interface, extends: nil)
        #expect(schema.keyNames.contains("clock-format"))
        let clock = try #require(schema.key("clock-format"))
        #expect(clock.type.string == "s")
        #expect(clock.defaultValue.string == "24h")
        guard case .choices(let choices) = clock.allowed else {
            Issue.record("clock-format is an enum")
            return
        }
        #expect(choices == ["24h", "12h"])
        let scaling = try #require(schema.key("text-scaling-factor"))
        #expect(scaling.defaultValue.double == 1.0)
        guard case .range(let low, let high) = scaling.allowed else {
            Issue.record("text-scaling-factor has a range")
            return
        }
        #expect(low.double == 0.5)
        #expect(high.double == 3.0)
        // Every schema and key reads, and every default maps or is left to GLib, without a trap.
        let ids = try #require(table.list(""))
        #expect(ids.count > 20)
        for id in ids {
            guard let nested = table.table(forKey: id) else { continue }
            for key in CompiledSchema(id: id, table: nested, extends: nil).keyNames {
                _ = CompiledSchema(id: id, table: nested, extends: nil).key(key)?.defaultValue.faithfulValue
            }
        }
    }

    @Test func damagedFilesNeverTrap() throws {
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.desktop)))
        var generator = SystemRandomNumberGenerator()
        var damaged: [[UInt8]] = stride(from: 0, to: whole.count, by: max(1, whole.count / 64)).map {
            Array(whole[..<$0])
        }
        for _ in 0..<64 {
            var copy = whole
            for _ in 0..<8 {
                copy[Int.random(in: 0..<copy.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            damaged.append(copy)
        }
        for bytes in damaged {
            guard let table = try? GVDBTable(file: bytes) else { continue }
            for id in table.list("") ?? [] {
                guard let nested = table.table(forKey: id) else { continue }
                let schema = CompiledSchema(id: id, table: nested, extends: nil)
                for key in schema.keyNames {
                    if let compiled = schema.key(key) {
                        _ = compiled.defaultValue.faithfulValue
                        _ = compiled.allows(compiled.defaultValue)
                    }
                }
            }
        }
    }
}
