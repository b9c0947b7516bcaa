// README swift-configuration example: begin
import Configuration
import Foundation
import PrefsConfiguration
import PrefsKit

extension PersistentKeyProtocol where Self == PersistentKey<Int> {
    static var port: Self {
        Self("http.port", defaultValue: 8080, range: 1...65535, summary: "Port to listen on", formerly: ["port"])
    }
}

extension PersistentKeyProtocol where Self == PersistentKey<String> {
    static var apiToken: Self { Self("api.token", defaultValue: "", summary: "Upstream API token", secret: true) }
}

func serve(suite: String, directory: URL? = nil, listen: @escaping @Sendable (Int) -> Void) async throws {
    let schema = try PreferenceSchema(suite: suite, keys: [.port, .apiToken])
    let prefs = try PrefsProvider(suite: suite, directory: directory, schema: schema)
    let config = ConfigReader(providers: [
        EnvironmentVariablesProvider(),  // HTTP_PORT=9000 wins over the suite
        prefs,  // `prefs write` changes it live, while its service runs
        schema.defaultsProvider(),  // the defaults declared once, in the keys
    ])
    let token = config.string(forKey: "api.token")  // isSecret: redacted in access logs
    print("token set:", token?.isEmpty == false)
    try await withThrowingDiscardingTaskGroup { group in
        group.addTask { try await prefs.run() }  // or in a ServiceGroup with the app's other services
        try await config.watchInt(forKey: "http.port") { ports in
            for await port in ports { listen(port ?? 0) }  // 8080, then each port `prefs write` sets
        }
    }
}
// README swift-configuration example: end
