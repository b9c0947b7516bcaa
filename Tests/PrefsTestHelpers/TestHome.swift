import CTestSupport

/// The home the test process made for itself before any test ran (`Tests/CTestSupport/PrivateHome.c`): `HOME`,
/// `XDG_CONFIG_HOME`, `XDG_STATE_HOME`, `XDG_DATA_HOME` and `XDG_CACHE_HOME` point into it, so that no test reads or
/// writes the real home, whatever it forgets to give a folder of its own.
package enum TestHome {
    /// Its path; `nil` in a child run of the tests, which keeps the home its parent made or gave it.
    package static var path: String? {
        cts_private_home().map { String(cString: $0) }
    }
}
