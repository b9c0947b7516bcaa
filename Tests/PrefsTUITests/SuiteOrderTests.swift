import Foundation
import PrefsKit
import PrefsTestHelpers
import Testing

/// Suites sort as people count: `app2` before `app10`, in every listing of the tools (`prefs suites`) and in the
/// editor's list alike.
@Suite(.threadOfItsOwn) struct SuiteOrderTests {
    @Test func suitesSortAsPeopleCountInTheToolsAndTheEditor() throws {
        let fixture = try EditorFixture()
        for name in ["app10", "app2", "app1"] { try fixture.store.suite(name).commit(["k": .string("v")]) }
        #expect(try fixture.tools.suiteNames().filter { $0.hasPrefix("app") } == ["app1", "app2", "app10"])
        fixture.type(.control("l"))
        let names = fixture.editor.model.rows.suiteRows.map(\.name).filter { $0.hasPrefix("app") }
        #expect(names == ["app1", "app2", "app10"])
    }
}
