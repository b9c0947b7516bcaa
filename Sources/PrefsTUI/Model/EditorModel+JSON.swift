import PrefsCore
import PrefsTools

/// `J`: a suite whole as JSON.
extension EditorModel {
    /// `J`: the suite open (or selected) whole, as JSON, over the screen; `J` again closes it.
    func openJSON() {
        if case .json = screen { return back() }
        guard let suite = currentSuite ?? selectedSuiteName else {
            return say("open or select a suite to see it as JSON")
        }
        pages.json = SuiteJSON.of(suite, tools: data.tools)
        navigation.selection[.json(suite: suite)] = 0
        navigation.stack.append(.json(suite: suite))
    }
}
