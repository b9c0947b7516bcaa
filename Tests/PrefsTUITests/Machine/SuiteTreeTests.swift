import Testing

@testable import PrefsTUI

/// The suites as a tree: levels at dots and slashes, folders of one suite and chains of one folder collapsed, a
/// schema that only gathers others shown once, the machine's stores at the top.
@Suite struct SuiteTreeTests {
    /// Suites with a schema, in the order given, which is the sorted order the editor gives.
    private func rows(_ names: String..., keys: [String: Int] = [:]) -> [SuiteRow] {
        names.map {
            SuiteRow(
                name: $0, storedKeys: 0, hasSchema: true, declaredKeys: keys[$0] ?? 1, problem: nil)
        }
    }

    /// A level of the rows given, each row read from them.
    private func level(
        _ rows: [SuiteRow], under folder: String, stores: [String]?, problems: [String: String] = [:],
        flatLimit: Int = NameTree.flatLimit
    ) -> [SuiteRow] {
        let byName = Dictionary(uniqueKeysWithValues: rows.map { ($0.name, $0) })
        return SuiteTree.level(
            rows.map(\.name), under: folder, stores: stores, problems: problems, flatLimit: flatLimit
        ) { byName[$0] ?? SuiteRow(name: $0, storedKeys: 0, hasSchema: false, problem: "missing") }
    }

    private func folders(
        leadingTo suite: String, in rows: [SuiteRow], stores: [String]?, flatLimit: Int = NameTree.flatLimit
    ) -> [String] {
        SuiteTree.folders(leadingTo: suite, in: rows.map(\.name), stores: stores, flatLimit: flatLimit)
    }

    private func shown(_ level: [SuiteRow]) -> [String] {
        level.map { ($0.shownName ?? $0.name) + ($0.folderSuites.map { " (\($0))" } ?? "") }
    }

    @Test func namesOpenAtDotsWithFoldersFirstAndLoneSuitesKeptWhole() {
        let all = rows(
            "com.example.app", "org.gnome.desktop.interface", "org.gnome.desktop.sound", "org.gnome.system.dns",
            "org.gnome.system.proxy", "org.gtk.Settings.FileChooser")
        // `org.` holds more than one suite; `com.example.app` alone is listed whole, not as `com.` › `example.`.
        #expect(shown(level(all, under: "", stores: nil, flatLimit: 0)) == ["org. (5)", "com.example.app"])
        // `org.` holds `gnome.` and one suite of `gtk.`, listed whole past `org.`.
        #expect(
            shown(level(all, under: "org.", stores: nil, flatLimit: 0))
                == ["gnome. (4)", "gtk.Settings.FileChooser"])
        #expect(
            shown(level(all, under: "org.gnome.", stores: nil, flatLimit: 0)) == [
                "desktop. (2)", "system. (2)",
            ])
        #expect(
            shown(level(all, under: "org.gnome.desktop.", stores: nil, flatLimit: 0)) == [
                "interface", "sound",
            ])
    }

    @Test func aStoreWhoseSuitesFitOnAScreenListsThemWhole() {
        let few = rows("com.example.mailer", "com.example.theme-demo", "notes")
        #expect(
            shown(level(few, under: "", stores: nil)) == [
                "com.example.mailer", "com.example.theme-demo", "notes",
            ])
        let many = (["a", "b"].flatMap { group in (10...22).map { "org.\(group).s\($0)" } }).sorted()
        let top = level(
            many.map { SuiteRow(name: $0, storedKeys: 1, hasSchema: false, problem: nil) }, under: "", stores: nil)
        #expect(shown(top) == ["org.a. (13)", "org.b. (13)"], "more than a screen opens as folders")
        // On the machine, each store decides for itself: a store of three suites lists them in its folder.
        let machine = rows("files:a.x", "files:a.y", "files:b")
        #expect(shown(level(machine, under: "files:", stores: ["files"])) == ["a.x", "a.y", "b"])
    }

    @Test func aLevelOfOneFolderOpensOntoItsContents() {
        let all = rows("org.gnome.a.x", "org.gnome.a.y", "org.gtk.b.x", "org.gtk.b.y")
        // `org.` alone at the top: a first level of one folder would only cost a key.
        #expect(
            shown(level(all, under: "", stores: nil, flatLimit: 0)) == ["org.gnome.a. (2)", "org.gtk.b. (2)"])
    }

    @Test func aSchemaThatOnlyGathersOthersIsItsFolderAlone() {
        let all = rows(
            "org.gnome.desktop.a11y", "org.gnome.desktop.a11y.keyboard", "org.gnome.desktop.a11y.mouse",
            "org.gnome.desktop.peripherals", "org.gnome.desktop.peripherals.keyboard",
            "org.gnome.desktop.peripherals.mouse", keys: ["org.gnome.desktop.peripherals": 0])
        // `peripherals` declares nothing: only its folder; `a11y` declares keys: the suite and its folder.
        #expect(
            shown(level(all, under: "org.gnome.desktop.", stores: nil, flatLimit: 0))
                == ["a11y. (2)", "peripherals. (2)", "a11y"])
    }

    @Test func dconfPathsOpenAtSlashes() {
        let all = rows("/com/x/", "/org/gnome/terminal/a/", "/org/gnome/terminal/b/")
        #expect(
            shown(level(all, under: "", stores: nil, flatLimit: 0)) == [
                "/org/gnome/terminal/ (2)", "/com/x/",
            ])
        #expect(shown(level(all, under: "/org/gnome/terminal/", stores: nil, flatLimit: 0)) == ["a/", "b/"])
    }

    @Test func theMachineListsEachStoreAtTheTopEvenEmptyOrUnreadable() {
        let all = rows("gsettings:org.gnome.a", "gsettings:org.gnome.b", "kconfig:kdeglobals")
        let top = level(
            all, under: "", stores: ["kconfig", "files", "gsettings", "xfconf"], problems: ["xfconf": "no bus"],
            flatLimit: 0)
        #expect(shown(top) == ["kconfig (1)", "files (0)", "gsettings (2)", "xfconf (0)"])
        #expect(top.map(\.name) == ["kconfig:", "files:", "gsettings:", "xfconf:"])
        #expect(top.last?.problem == "no bus")
        #expect(shown(level(all, under: "kconfig:", stores: nil, flatLimit: 0)) == ["kdeglobals"])
    }

    @Test func theFoldersLeadingToASuiteAreThoseTheUserWouldOpen() {
        let all = rows(
            "files:app", "gsettings:org.gnome.desktop.interface", "gsettings:org.gnome.desktop.sound",
            "gsettings:org.gnome.x")
        #expect(
            folders(
                leadingTo: "gsettings:org.gnome.desktop.sound", in: all, stores: ["files", "gsettings"], flatLimit: 0)
                == ["gsettings:", "gsettings:org.gnome.desktop."])
        #expect(
            folders(leadingTo: "files:app", in: all, stores: ["files", "gsettings"], flatLimit: 0) == [
                "files:"
            ])
        #expect(folders(leadingTo: "app", in: rows("app", "b.c", "b.d"), stores: nil, flatLimit: 0) == [])
    }

    @Test func aStoresOwnFoldersAreOneEachByTitleWhateverTheirNumber() {
        let all = rows(
            "files:app", "flatpak:org.example.Notes/org.example.Notes", "flatpak:org.example.Notes/org.example.Sync",
            "flatpak:org.gnome.Maps/org.gnome.Maps", "flatpak:stray")
        let titles = [
            "flatpak:org.example.Notes/": "Notes (org.example.Notes)",
            "flatpak:org.gnome.Maps/": "Maps (org.gnome.Maps)",
            "flatpak:org.gone.App/": "Gone (org.gone.App)",
        ]
        let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
        let level = { (folder: String) in
            SuiteTree.level(
                all.map(\.name), under: folder, stores: ["files", "flatpak"], titles: titles, flatLimit: 0
            ) { byName[$0] ?? SuiteRow(name: $0, storedKeys: 0, hasSchema: false, problem: "missing") }
        }
        // A folder per app that has suites, even one of a single suite, which the tree alone would list whole.
        #expect(shown(level("flatpak:")) == ["Notes (org.example.Notes) (2)", "Maps (org.gnome.Maps) (1)", "stray"])
        #expect(
            level("flatpak:").map(\.name) == ["flatpak:org.example.Notes/", "flatpak:org.gnome.Maps/", "flatpak:stray"])
        #expect(shown(level("flatpak:org.example.Notes/")) == ["org.example.Notes", "org.example.Sync"])
        #expect(
            SuiteTree.folders(
                leadingTo: "flatpak:org.gnome.Maps/org.gnome.Maps", in: all.map(\.name), stores: ["files", "flatpak"],
                titles: titles, flatLimit: 0) == ["flatpak:", "flatpak:org.gnome.Maps/"])
        // On one store, the folders are at its top.
        let one = all.filter { $0.name.hasPrefix("flatpak:") }.map { String($0.name.dropFirst("flatpak:".count)) }
        let ownTitles = Dictionary(uniqueKeysWithValues: titles.map { (String($0.key.dropFirst(8)), $0.value) })
        let top = SuiteTree.level(one, under: "", stores: nil, titles: ownTitles, flatLimit: 0) {
            SuiteRow(name: $0, storedKeys: 1, hasSchema: true, problem: nil)
        }
        #expect(top.map(\.name) == ["org.example.Notes/", "org.gnome.Maps/", "stray"])
    }
}
