import PrefsCore
import PrefsTools

/// The title's way to where the user is.
extension EditorView {
    /// Where the user is; names come from stores and are escaped, so that a key holding ESC or BEL cannot reach the
    /// terminal raw.
    var breadcrumb: String {
        let separator = unicode ? " › " : " > "
        switch model.screen {
        case .suites:
            var crumbs = [model.data.machine == nil ? model.data.store.locationDescription : "this machine"]
            var outer = ""
            for folder in model.navigation.folders {
                var step = folder.dropFirst(outer.count)
                if step.count > 1, let last = step.last, last == ":" || NameTree.isSeparator(last) {
                    step = step.dropLast()
                }
                crumbs.append(String(step))
                outer = folder
            }
            return crumbs.map { TextEscaping.escaped($0) }.joined(separator: separator)
        case .keys(let suite):
            // The keys' folders open, each by the part it adds (`General`), as the suites' folders are shown.
            var crumbs = suiteCrumbs(suite)
            var outer = ""
            for folder in model.navigation.keyFolders {
                var step = folder.dropFirst(outer.count)
                if step.count > 1, let last = step.last, NameTree.isSeparator(last) { step = step.dropLast() }
                crumbs.append(TextEscaping.escaped(String(step)))
                outer = folder
            }
            return crumbs.joined(separator: separator)
        case .details(let suite, let key):
            return (suiteCrumbs(suite) + [TextEscaping.escaped(key)]).joined(separator: separator)
        case .help: return "keys"
        case .changeLog: return "changes made by other processes"
        case .pending: return "pending changes (A applies, D dismisses)"
        case .bookmarks: return "bookmarks"
        case .messages: return "messages, newest first"
        case .json(let suite): return (suiteCrumbs(suite) + ["JSON"]).joined(separator: separator)
        }
    }

    /// The way to a suite, escaped: `suites › NAME`, on the machine view `this machine › STORE › NAME`.
    private func suiteCrumbs(_ suite: String) -> [String] {
        guard model.data.machine != nil, let name = MachineSuiteName(suite) else {
            return ["suites", TextEscaping.escaped(suite)]
        }
        return ["this machine", TextEscaping.escaped(name.store), TextEscaping.escaped(name.suite)]
    }
}
