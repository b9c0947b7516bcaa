/// Where schemas place suites in dconf: the known instances of relocatable schemas, and every directory a schema
/// describes with its suite.
struct KnownPlaces: Sendable {
    /// The instances, as suite names `SCHEMA:PATH`, sorted.
    let instances: [String]
    /// Each described directory's suite.
    let directories: [String: String]
}
