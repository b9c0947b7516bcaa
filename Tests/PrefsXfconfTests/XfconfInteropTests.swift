import Foundation
import PrefsTestHelpers
import Testing

extension XfconfInSession {
    /// `prefs` and Debian's own `xfconf-query` on the same channels: each reads what the other wrote, with its type.
    @Suite struct InteropTests {
        @Test func everyXfconfTypeWrittenByXfconfQueryIsReadAndKeptByPrefs() throws {
            let session = try XfconfChildSession()
            let channel = "interop-types"
            let values: [(type: String, value: String, read: String)] = [
                ("int", "-5", "int (Xfconf int)"), ("uint", "5", "int (Xfconf uint)"),
                ("int64", "-5000000000", "int (Xfconf int64)"),
                ("uint64", "18446744073709551615", "int (Xfconf uint64)"),
                ("double", "2.5", "float (Xfconf double)"), ("bool", "true", "bool (Xfconf bool)"),
                ("string", "hello world", "string (Xfconf string)"),
            ]
            for entry in values {
                try XfconfChild.query("-c", channel, "-p", "/\(entry.type)", "-n", "-t", entry.type, "-s", entry.value)
            }
            try XfconfChild.query(
                "-c", channel, "-p", "/array", "-n", "-t", "int", "-s", "1", "-t", "string", "-s", "x")
            for entry in values {
                #expect(session.prefs("read", channel, "/\(entry.type)").output == "\(entry.value)\n", "\(entry.type)")
                #expect(session.prefs("read-type", channel, "/\(entry.type)").output == "\(entry.read)\n")
            }
            #expect(session.prefs("read", channel, "/array").output == "[1,\"x\"]\n")
            #expect(session.prefs("read-type", channel, "/array").output == "array (Xfconf array)\n")

            // Written by prefs, each keeps the type xfconfd holds: xfconf-query reads it back.
            #expect(session.prefs("write", channel, "/uint", "6").status == 0)
            #expect(session.prefs("write", channel, "/uint64", "7").status == 0)
            #expect(session.prefs("write", channel, "/double", "3.25").status == 0)
            #expect(session.prefs("write", channel, "/bool", "false").status == 0)
            #expect(try XfconfChild.query("-c", channel, "-p", "/uint") == "6")
            #expect(try XfconfChild.query("-c", channel, "-p", "/uint64") == "7")
            #expect(try XfconfChild.query("-c", channel, "-p", "/double") == "3.250000")
            #expect(try XfconfChild.query("-c", channel, "-p", "/bool") == "false")
            #expect(session.prefs("read-type", channel, "/uint64").output == "int (Xfconf uint64)\n")
            let negative = session.prefs("write", channel, "/uint", "-1")
            #expect(negative.status == 1)
            #expect(try XfconfChild.query("-c", channel, "-p", "/uint") == "6")
        }

        @Test func newPropertiesTakeTheirValuesTypesAndXfconfQueryReadsThem() throws {
            let session = try XfconfChildSession()
            let channel = "interop-new"
            #expect(session.prefs("write", channel, "/general/name", "ada").status == 0)
            #expect(session.prefs("write", "--type", "int", channel, "/general/size", "12").status == 0)
            #expect(session.prefs("write", "--type", "gvariant", channel, "/general/count", "uint32 9").status == 0)
            #expect(session.prefs("write", "--type", "json", channel, "/general/list", #"["a", "b"]"#).status == 0)
            #expect(try XfconfChild.query("-c", channel, "-p", "/general/name") == "ada")
            #expect(try XfconfChild.query("-c", channel, "-p", "/general/size") == "12")
            #expect(try XfconfChild.query("-c", channel, "-p", "/general/count") == "9")
            let list = try XfconfChild.query("-c", channel, "-p", "/general/list")
            #expect(list.contains("a") && list.contains("b"), "\(list)")
            #expect(session.prefs("read-type", channel, "/general/count").output == "int (Xfconf uint)\n")
            // A type xfconfd cannot hold is refused before it reaches xfconfd, which aborts on one.
            let path = session.prefs("write", "--type", "gvariant", channel, "/general/path", "objectpath '/a'")
            #expect(path.status == 1)
            #expect(path.error.contains("Xfconf holds bool, int, uint"), "\(path.error)")
            let dictionary = session.prefs("write", "--type", "json", channel, "/general/map", #"{"a": 1}"#)
            #expect(dictionary.status == 1)
            #expect(try XfconfChild.query("-c", channel, "-p", "/general/name") == "ada")
            let badName = session.prefs("write", channel, "no-slash", "1")
            #expect(badName.status == 1)
            #expect(badName.error.contains("a property is a path such as /general/theme"), "\(badName.error)")
        }

        @Test func resetLocksAndHistory() throws {
            let session = try XfconfChildSession()
            // A system channel file's lock: shown, refused, nothing written.
            let read = session.prefs("read", "locked-test").lines
            #expect(read.contains("/fixed [locked] = by the system"), "\(read)")
            let locked = session.prefs("write", "locked-test", "/fixed", "mine")
            #expect(locked.status == 1)
            #expect(locked.error.contains("locked by the system administrator"), "\(locked.error)")
            #expect(try XfconfChild.query("-c", "locked-test", "-p", "/fixed") == "by the system")
            // Deleting resets, as xfconf-query -r does: the system file's value shows again.
            #expect(session.prefs("write", "locked-test", "/free", "8").status == 0)
            #expect(try XfconfChild.query("-c", "locked-test", "-p", "/free") == "8")
            #expect(session.prefs("delete", "locked-test", "/free").status == 0)
            #expect(try XfconfChild.query("-c", "locked-test", "-p", "/free") == "3")
            // History and undo through the journal.
            let log = session.prefs("log", "locked-test").lines
            #expect(log.count == 2, "\(log)")
            #expect(session.prefs("undo", "locked-test").status == 0)
            #expect(try XfconfChild.query("-c", "locked-test", "-p", "/free") == "8")
            try XfconfChild.query("-c", "locked-test", "-p", "/free", "-r")
        }
    }
}
