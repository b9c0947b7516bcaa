import Foundation
import PrefsTestHelpers
import Testing

/// `prefs` alone on a machine with more than one store: every store as one tree, the desktop's first, live.
///
/// KDE's files stand for a desktop's store here, read by the KConfig store in this process; the GNOME and XFCE
/// stores join the same way, and their own editor tests run in their private sessions.
@Suite struct MachineViewTests {
    /// A scope with prefs' own suite `app`, and KDE's `kdeglobals` in the same configuration folder, on a KDE desktop.
    private func kdeMachine() throws -> InProcessPrefs {
        var prefs = try InProcessPrefs()
        prefs.overriding["XDG_CURRENT_DESKTOP"] = "KDE"
        try prefs.run("write", "app", "theme", "dark")
        try Data("[General]\nColorScheme=BreezeLight\n[KDE]\nSingleClick=false\n".utf8)
            .write(to: prefs.configDirectory.appendingPathComponent("kdeglobals"))
        return prefs
    }

    /// The screen's lines, for checks of order.
    private func lines(_ screen: String) -> [String] {
        screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func theDesktopsStoreComesFirstAndEachOpensAsATreeWithItsWayBack() throws {
        let prefs = try kdeMachine()
        let editor = prefs.editor("tui")
        #expect(editor.waitFor { $0.contains("this machine") && $0.contains("kconfig") && $0.contains("files") })
        let top = lines(editor.screen)
        #expect(top.count > 2 && top[1].hasPrefix("kconfig") && top[2].hasPrefix("files"), "\(editor.screen)")
        #expect(top[1].hasSuffix("1 suite") && top[2].hasSuffix("1 suite"), "\(editor.screen)")
        editor.type(.key(.enter))
        #expect(editor.waitFor { $0.contains("this machine › kconfig") && $0.contains("kdeglobals") })
        editor.type(.key(.enter))
        #expect(
            editor.waitFor {
                $0.contains("this machine › kconfig › kdeglobals") && $0.contains("General/ColorScheme")
                    && $0.contains("BreezeLight")
            })
        // Back to the folder the suite is listed in, then to the top.
        editor.type(.key(.escape))
        #expect(editor.waitFor { $0.contains("this machine › kconfig") && !$0.contains("ColorScheme") })
        editor.type(.key(.left))
        #expect(editor.waitFor { lines($0).first == "prefs  this machine" && $0.contains("files") })
        editor.type(.character("j"), .key(.enter))
        #expect(editor.waitFor { $0.contains("this machine › files") && $0.contains("app") })
        editor.type(.key(.enter))
        #expect(editor.waitFor { $0.contains("this machine › files › app") && $0.contains("theme") })
        // `q` goes back to the suites, and quits from them, whatever folder is open.
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
    }

    @Test func aFileAnotherProgramCreatesJoinsItsStoresFolderAtOnce() throws {
        let prefs = try kdeMachine()
        let editor = prefs.editor("tui")
        #expect(editor.waitFor { $0.contains("kconfig") && $0.contains("1 suite") })
        editor.type(.key(.enter))
        #expect(editor.waitFor { $0.contains("this machine › kconfig") && $0.contains("kdeglobals") })
        try Data("[Icons]\nTheme=breeze\n".utf8).write(to: prefs.configDirectory.appendingPathComponent("newrc"))
        #expect(editor.waitFor { $0.contains("newrc") && $0.contains("kdeglobals") }, "\(editor.screen)")
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
    }

    @Test func aSuiteNamedAloneOpensInTheOneStoreThatHoldsIt() throws {
        let prefs = try kdeMachine()
        let editor = prefs.editor("tui", "kdeglobals")
        #expect(editor.waitFor { $0.contains("this machine › kconfig › kdeglobals") && $0.contains("KDE/SingleClick") })
        editor.type(.key(.escape))
        #expect(editor.waitFor { $0.contains("this machine › kconfig") && $0.contains("kdeglobals") })
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
        // prefs' own suite, named alone, is prefs' own as every command names it; `STORE:SUITE` names any store's.
        let own = prefs.editor("tui", "files:app")
        #expect(own.waitFor { $0.contains("this machine › files › app") && $0.contains("dark") })
        own.type("qq")
        #expect(own.waitUntilEnded()?.status == 0)
    }

    @Test func thePathBarCompletesAndGoesToAnySuiteFolderOrKey() throws {
        let prefs = try kdeMachine()
        let editor = prefs.editor("tui", width: 140)
        #expect(editor.waitFor { $0.contains("this machine") && $0.contains("kconfig") })
        // `o` holds where the editor is; Tab completes a suite of any store, then its keys.
        editor.type("o")
        #expect(
            editor.waitFor { $0.contains("go to:") && $0.contains("Tab completes") && $0.contains("enter go") },
            "\(editor.screen)")
        editor.type("kconfig:kde")
        editor.type(.key(.tab))
        #expect(editor.waitFor { $0.contains("go to: kconfig:kdeglobals") }, "\(editor.screen)")
        editor.type(" K")
        editor.type(.key(.tab))
        #expect(editor.waitFor { $0.contains("go to: kconfig:kdeglobals KDE/SingleClick") }, "\(editor.screen)")
        editor.type(.key(.enter))
        #expect(
            editor.waitFor { screen in
                screen.contains("this machine › kconfig › kdeglobals")
                    && screen.split(separator: "\n").contains { $0.contains("Key") && $0.contains("KDE/SingleClick") }
            }, "\(editor.screen)")
        // A folder opens as a level of the tree, with the way back through the folders above it.
        editor.type(":open files:")
        editor.type(.key(.enter))
        #expect(editor.waitFor { $0.contains("this machine › files") && $0.contains("app") })
        editor.type(.key(.escape))
        #expect(editor.waitFor { $0.split(separator: "\n").first?.hasSuffix("this machine") == true })
        editor.type(":open kconfig:kdeglobal")
        editor.type(.key(.enter))
        #expect(
            editor.waitFor {
                $0.contains("no suite or folder \"kconfig:kdeglobal\".") && $0.contains("kconfig:kdeglobals")
            }, "\(editor.screen)")
        editor.type("q")
        #expect(editor.waitUntilEnded()?.status == 0)
    }

    @Test func oneSearchFindsKeysOfEveryStoreAndSaysWhy() throws {
        let prefs = try kdeMachine()
        let editor = prefs.editor("tui", width: 140)
        #expect(editor.waitFor { $0.contains("this machine") && $0.contains("kconfig") })
        editor.type("/singleclick")
        #expect(
            editor.waitFor { screen in
                screen.split(separator: "\n").contains {
                    $0.contains("kconfig:kdeglobals › KDE/SingleClick") && $0.contains("by a word of the name")
                }
            }, "\(editor.screen)")
        editor.type(.control("u"))
        editor.type("dark")
        #expect(
            editor.waitFor { screen in
                screen.split(separator: "\n").contains {
                    $0.contains("files:app › theme") && $0.contains("by the value")
                }
            }, "\(editor.screen)")
        editor.type(.key(.enter), .key(.down), .key(.enter))
        #expect(
            editor.waitFor { $0.contains("this machine › files › app") && $0.contains("theme") }, "\(editor.screen)")
        editor.type("qq")
        #expect(editor.waitUntilEnded()?.status == 0)
    }

    @Test func aMachineOfOneStoreIsThatStore() throws {
        let prefs = try InProcessPrefs()
        try prefs.run("write", "app", "theme", "dark")
        let editor = prefs.editor("tui")
        #expect(editor.waitFor { $0.contains("app") && $0.contains("1 key") })
        #expect(!editor.screen.contains("this machine"))
        editor.type("q")
        #expect(editor.waitUntilEnded()?.status == 0)
    }

    @Test func storeOrConfigDirNarrowsItToOneStore() throws {
        let prefs = try kdeMachine()
        let editor = prefs.editor("tui", "--config-dir", prefs.configDirectory.path)
        #expect(editor.waitFor { $0.contains("app") && $0.contains("1 key") })
        #expect(!editor.screen.contains("this machine") && !editor.screen.contains("kdeglobals"))
        editor.type("q")
        #expect(editor.waitUntilEnded()?.status == 0)
    }
}
