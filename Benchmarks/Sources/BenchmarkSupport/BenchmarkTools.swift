import Foundation

/// The programs `Benchmarks/run` builds as they ship, found through the environment it sets.
public enum BenchmarkTools {
    /// The path an environment variable names, such as `PREFS_BENCH_PREFS` or `PREFS_BENCH_PEER`.
    ///
    /// - Parameter variable: The variable.
    /// - Returns: The path.
    /// - Throws: When it is not set: the benchmark was not run through `Benchmarks/run`.
    public static func path(_ variable: String) throws -> String {
        guard let path = ProcessInfo.processInfo.environment[variable] else {
            throw CocoaError(
                .featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "\(variable) is unset: run Benchmarks/run"])
        }
        return path
    }
}
