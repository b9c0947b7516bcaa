// The editor's first frame in a process of its own, linked as the shipped `prefs` is and with what it links: the
// editor, the tools and the stores, not PostgreSQL's (prefs hands those to prefs-postgres). The cross-process peer
// (prefs-bench-peer) links PostgresNIO and Foundation for its PostgreSQL and UserDefaults roles, which made it 76 MB
// against prefs's 21 and slowed every start it timed: a frame timed there was not the frame users get.
// FoundationEssentials, as prefs: Foundation would link ICU's data and every start would map it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func fail(_ message: String) -> Never {
    let line = Array("prefs-bench-editor: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first ?? "", arguments.count) {
case ("files-first-frame", 2):
    // files-first-frame DIR: the editor's first frame on a folder of suite files; prints the number of suites.
    do { try FilesPeer.firstFrame(arguments[1]) } catch { fail("\(error)") }
case ("kconfig-first-frame", 2):
    // kconfig-first-frame DIR: the same on the KConfig files of a folder.
    do { try KConfigPeer.firstFrame(directory: arguments[1]) } catch { fail("\(error)") }
case ("gsettings-first-frame", 1):
    do { try GSettingsPeer.firstFrame() } catch { fail("\(error)") }
case ("machine-first-frame", 1):
    do { try MachinePeer.firstFrame() } catch { fail("\(error)") }
case ("machine-search", 1):
    do { try MachinePeer.searchKeystrokes() } catch { fail("\(error)") }
default:
    fail(
        "usage: files-first-frame DIR | kconfig-first-frame DIR | gsettings-first-frame | machine-first-frame | machine-search"
    )
}
