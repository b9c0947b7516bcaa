/// Where the editor keeps what its text screens show: the help and a suite's JSON.
struct TextScreens {
    /// The help's rows, for where it was opened, and its search.
    var help = HelpIndex()
    /// The JSON of the suite `J` opened.
    var json = SuiteJSON()
}
