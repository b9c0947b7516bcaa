import Foundation
import PrefsTestHelpers
import PrefsTestSupport
import Testing

@testable import PrefsQSettings

/// QSettings' INI format read and written as Qt reads and writes it, checked against Qt itself (PyQt5).
@Suite(.needs(.pyqt5)) struct QSettingsFormatTests {
    /// Every kind of value Qt writes, read by prefs as a fresh Qt process reads it.
    @Test func whatQtWritesIsReadAsQtReadsIt() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("App.conf")
        try QtSettings.write(
            file,
            #"""
            {"plain": {"string": "hello, world"}, "num": {"int": 42}, "flag": {"bool": true}, "ratio": {"double": 0.5},
             "list": {"stringlist": ["a", "b c", "d,e", "@at"]}, "one": {"list": [{"string": "solo"}]},
             "bytes": {"bytes": [0, 1, 97, 98, 255]}, "size": {"size": [640, 480]}, "point": {"point": [3, -4]},
             "rect": {"rect": [1, 2, 30, 40]}, "when": {"date": 1796050800000}, "color": {"color": "#80ff0080"},
             "General/x": {"int": 1}, "key with#hash": {"string": "v"}, "grp/sub/deep": {"string": "\u00e9 \u00fc \u4e2d"},
             "at": {"string": "@home"}, "vlist": {"list": [{"int": 1}, {"string": "two"}, {"double": 3.5}]},
             "vmap": {"map": {"a": {"int": 1}, "b": {"string": "x"}, "c": {"list": [{"int": 2}]}}},
             "empty": {"list": []}, "text": {"string": " spaced; \"quoted\"\n\ttabbed\u0001 "},
             "nul": {"string": "a\u0000b"}, "big": {"int": 1099511627776}}
            """#)
        let qt = try QtSettings.read(file)
        let prefs = try QtSettings.prefsRead(file)
        #expect(qt.count == 22)
        for key in qt.allKeys.compactMap({ $0 as? String }).sorted() {
            #expect(prefs[key] as? NSDictionary == qt[key] as? NSDictionary, "\(key)")
        }
        #expect(prefs.count == qt.count)
    }

    static let everyKind = #"""
        {"plain": {"string": "hello, world"}, "num": {"int": 42}, "flag": {"bool": true}, "ratio": {"double": 0.5},
         "list": {"stringlist": ["a", "b c", "d,e", "@at"]}, "one": {"list": [{"string": "solo"}]},
         "bytes": {"bytes": [0, 1, 97, 98, 255]}, "size": {"size": [640, 480]}, "point": {"point": [3, -4]},
         "rect": {"rect": [1, 2, 30, 40]}, "when": {"date": 1796050800000}, "color": {"color": "#80ff0080"},
         "General/x": {"int": 1}, "key with#hash": {"string": "v"}, "grp/sub/deep": {"string": "\u00e9 \u4e2d"},
         "at": {"string": "@home"}, "vlist": {"list": [{"int": 1}, {"string": "two"}, {"double": 3.5}]},
         "vmap": {"map": {"a": {"int": 1}, "b": {"string": "x"}, "c": {"list": [{"int": 2}]}}},
         "empty": {"list": []}, "text": {"string": " spaced; \"quoted\"\n\ttabbed\u0001 "},
         "nul": {"string": "a\u0000b"}, "big": {"int": 1099511627776}, "small": {"double": 1e-05},
         "huge": {"double": 1e21}, "fixed": {"double": 100000.0}}
        """#

    /// The text prefs writes for a value is the text Qt writes for it, byte for byte: so Qt, saving the file later,
    /// rewrites nothing prefs wrote.
    @Test func prefsSpellsEveryValueAsQtDoes() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("App.conf")
        try QtSettings.write(file, Self.everyKind)
        let parsed = QSettingsFile(Array(try Data(contentsOf: file)))
        #expect(parsed.problem == nil)
        #expect(parsed.keys.count == 25)
        for (key, entry) in parsed.winners {
            let written = String(decoding: parsed.bytes[entry.value], as: UTF8.self)
            let value = QSettingsValue.read(parsed.bytes[entry.value], encoding: parsed.encoding)
            #expect(QSettingsValue.text(of: value) == written, "\(key)")
        }
    }

    /// An edit changes its entry alone: comments, order and every other entry kept; Qt reads the new values.
    @Test func anEditChangesItsEntryAlone() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("App.conf")
        try QtSettings.write(file, Self.everyKind)
        var text = try String(contentsOf: file, encoding: .utf8)
        text =
            "; written by hand\n" + text.replacingOccurrences(of: "[grp]", with: "; the group\n[grp]") + "\n; the end\n"
        try Data(text.utf8).write(to: file)
        let original = QSettingsFile(Array(text.utf8))
        let edited = try original.edited([
            "num": .int(43), "size": .size(width: 800, height: 600), "plain": nil, "grp/new": .string("a, b"),
            "fresh/key": .stringList(["x", "y"]), "General/x": .string("@two"),
            "color": .color(spec: 1, alpha: 0xFFFF, red: 0, green: 0x8080, blue: 0xFFFF, pad: 0),
        ])
        try Data(edited.bytes).write(to: file)
        let after = String(decoding: edited.bytes, as: UTF8.self)
        var expected = text.replacingOccurrences(of: "num=42\n", with: "num=43\n")
            .replacingOccurrences(of: "size=@Size(640 480)\n", with: "size=@Size(800 600)\n")
            .replacingOccurrences(of: "plain=\"hello, world\"\n", with: "")
            .replacingOccurrences(of: "[%General]\nx=1\n", with: "[%General]\nx=@@two\n")
            .replacingOccurrences(of: "sub\\deep=\\xe9 \\x4e2d\n", with: "sub\\deep=\\xe9 \\x4e2d\nnew=\"a, b\"\n")
        expected = expected.replacingOccurrences(
            of: "color=@Variant(\\0\\0\\0\\x43\\x1\\x80\\x80\\xff\\xff\\0\\0\\x80\\x80\\0\\0)",
            with: "color=@Variant(\\0\\0\\0\\x43\\x1\\xff\\xff\\0\\0\\x80\\x80\\xff\\xff\\0\\0)")
        expected += "\n[fresh]\nkey=x, y\n"
        #expect(after == expected)
        let qt = try QtSettings.read(file)
        #expect(qt["num"] as? NSDictionary == ["string": "43"])
        #expect(qt["size"] as? NSDictionary == ["size": [800, 600]])
        #expect(qt["plain"] == nil)
        #expect(qt["grp/new"] as? NSDictionary == ["string": "a, b"])
        #expect(qt["fresh/key"] as? NSDictionary == ["list": [["string": "x"], ["string": "y"]]])
        #expect(qt["General/x"] as? NSDictionary == ["string": "@two"])
        #expect(qt["color"] as? NSDictionary == ["color": "#ff0080ff"])
        #expect(qt.count == 26)
        #expect(try QtSettings.prefsRead(file) == qt)
    }

    /// A file Qt skips part of is not edited: a line without `=`, a quote left open.
    @Test(arguments: ["[General]\nnot a pair\nk=v\n", "[General]\nk=\"open\nj=1\n", "[General\nk=v\n"])
    func aFileQtSkipsPartOfIsNotEdited(_ text: String) throws {
        let file = QSettingsFile(Array(text.utf8))
        #expect(file.problem != nil)
        #expect(throws: QSettingsFile.EditRefusal.self) { try file.edited(["k": .string("w")]) }
    }

    /// Raw text past ASCII is UTF-8 where it is, Latin-1 where it is not, run by run: an edit of one entry never
    /// changes how another reads (found by fuzz-qsettings, when the whole file decided).
    @Test func rawTextReadsTheSameWhateverElseIsEdited() throws {
        let bytes = Array("[General]\nutf=caf\u{e9}\nlatin=caf".utf8) + [0xE9, 0x0A]
        let file = QSettingsFile(bytes)
        #expect(file.values["utf"] == .string("caf\u{e9}"))
        #expect(file.values["latin"] == .string("caf\u{e9}"))
        let edited = try file.edited(["latin": .string("plain")])
        #expect(edited.values["utf"] == .string("caf\u{e9}"))
        #expect(edited.values["latin"] == .string("plain"))
    }
}
