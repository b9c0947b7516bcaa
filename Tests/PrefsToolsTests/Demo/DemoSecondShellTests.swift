import Foundation
import PrefsStores
import PrefsTestHelpers
import PrefsTools
import Testing

/// `prefs demo` says how another shell reaches its copy: the line it prints writes with the demo's schema checking
/// and its journal naming the writer, as the editor and the demo's writer do.
@Suite struct DemoSecondShellTests {
    @Test func theLineItPrintsWritesWithTheDemosSchemaAndJournal() throws {
        let files = try DemoFiles(copying: DemoFiles.assets())
        defer { files.remove() }
        #expect(files.secondShellLine.hasSuffix(" prefs write com.example.theme-demo theme light"))
        #expect(files.secondShellLine.contains("XDG_STATE_HOME=\(files.root.path)/state"))
        var prefs = try InProcessPrefs()
        for (name, value) in StoreResolver.demoEnvironment(root: files.root) { prefs.overriding[name] = value }
        // Another shell is another process. The schema the editor checks against refuses what it refuses.
        let refused = try prefs.spawn(["write", "com.example.theme-demo", "theme", "purple"])
        #expect(refused.status == 1 && refused.error.contains("purple"), "\(refused.error)")
        #expect(try prefs.spawn(["write", "com.example.theme-demo", "theme", "light"]).status == 0)
        // The demo's own store reads the value, and its journal names the writer.
        let suite = try files.context.existingSuite("com.example.theme-demo")
        #expect(suite.primitiveValue(forKey: "theme") == .string("light"))
        let last = try suite.changeHistory?.lastChange(key: "theme")
        #expect(last?.writer?.processName == "prefs write", "\(String(describing: last))")
    }
}
