import CPrefsStart
import PrefsCommandLine
import PrefsStoresPostgres

/// Starts `prefs-postgres`: `prefs` itself, with PostgreSQL stores, which `prefs` hands its command line to when one
/// is named (``PrefsCommandLine/PostgresHandover``).
@main
enum Entry {
    static func main() async {
        let arguments = PostgresHandover.receivedArguments(CommandLine.arguments)
        PostgresHandover.continueUnderStartedName(arguments: arguments)
        PostgresStores.install()
        await PrefsMain.run(commandLine: arguments, closedStreams: cprefs_start_closed_streams())
    }
}
