import CPrefsStart
import PrefsCommandLine

/// Starts `prefs`: a command that names a PostgreSQL store goes to `prefs-postgres`
/// (``PrefsCommandLine/PostgresHandover``); every other runs here.
@main
enum Entry {
    static func main() async {
        let closedStreams = cprefs_start_closed_streams()
        PostgresHandover.handOverIfNamed(arguments: CommandLine.arguments, closedStreams: closedStreams)
        await PrefsMain.run(closedStreams: closedStreams)
    }
}
