// The floor `prefs` starts against (issue 30): a static Swift program that uses FoundationEssentials' JSON and
// property-list coders, as prefs does, and does nothing else. Benchmarks/run builds it as `swift build -c release
// --static-swift-stdlib` builds any program, without prefs's own link settings.
import FoundationEssentials

struct Setting: Codable {
    var key: String
    var value: Int
}

let setting = Setting(key: "k", value: 1)
let json = try JSONEncoder().encode(setting)
let plist = try PropertyListEncoder().encode(setting)
print(json.count + plist.count)
