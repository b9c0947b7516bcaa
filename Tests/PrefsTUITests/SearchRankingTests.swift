import Foundation
import PrefsKit
import PrefsTUI
import PrefsTestHelpers
import PrefsTools
import Testing

/// The editor's search over every suite ranks as `prefs find` does: keys named as typed first, and a match inside
/// data or base64 text last, whatever suite it is in.
@Suite(.threadOfItsOwn) struct SearchRankingTests {
    @Test func keyNamesComeBeforeMatchesInsideData() throws {
        let fixture = try EditorFixture(width: 120, height: 30)
        let blob = try #require(Data(base64Encoded: "xxSULastCheckxxx"))
        // The data sorts first, by suite and by key, so only the ranking can put it last.
        try fixture.store.suite("aaa.blobs").commit(["a0": .data(blob), "a1": .data(blob)])
        try fixture.store.suite("org.sparkle").commit([
            "SULastCheckTime": .date(Date(timeIntervalSince1970: 0)), "SomeUpdaterLastCheckDate": .int(1),
            "AppSULastCheck": .int(2),
        ])
        try fixture.store.suite("zzz.other").commit(["SULastCheckTime": .int(3)])
        fixture.restart()
        fixture.editor.step([.character("/")] + type("SULastCheck"))
        let found = Array(fixture.editor.model.rows.searchMatches).map { "\($0.suite) \($0.key)" }
        #expect(
            found == [
                "org.sparkle SULastCheckTime", "zzz.other SULastCheckTime", "org.sparkle AppSULastCheck",
                "org.sparkle SomeUpdaterLastCheckDate", "aaa.blobs a0", "aaa.blobs a1",
            ])
        // `prefs find` gives the same order.
        let (matches, _) = try PreferenceSearch("SULastCheck").run(in: fixture.tools)
        #expect(matches.map { "\($0.suite) \($0.key)" } == found)
        // In one suite too, with data that holds the text.
        try fixture.store.suite("org.sparkle").commit(["aData": .data(blob)])
        fixture.restart(suite: "org.sparkle")
        fixture.editor.step([.character("/")] + type("SULastCheck"))
        #expect(
            fixture.editor.model.rows.keyRows.map(\.key) == [
                "SULastCheckTime", "AppSULastCheck", "SomeUpdaterLastCheckDate", "aData",
            ])
    }
}
