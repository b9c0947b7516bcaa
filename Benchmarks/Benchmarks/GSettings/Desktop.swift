import BenchmarkSupport
import Foundation

/// The other stores a desktop holds beside GNOME's, for the machine view's first frame: 200 plist suites, 40 KConfig
/// files and 10 Xfconf channels in the session's configuration folder, on a GNOME desktop.
enum Desktop {
    /// Writes them, in the files each program keeps; xfconfd reads its channels when the machine view asks.
    static func fill(_ session: PrivateDBusSession) throws {
        guard let config = session.environment["XDG_CONFIG_HOME"].map(URL.init(fileURLWithPath:)) else { return }
        let manager = FileManager.default
        try manager.createDirectory(at: config, withIntermediateDirectories: true)
        for index in 1...200 {
            let plist = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0"><dict><key>launchCount</key><integer>\(index)</integer>\
                <key>theme</key><string>dark</string></dict></plist>

                """
            try Data(plist.utf8).write(to: config.appendingPathComponent("com.example.app\(index).plist"))
        }
        for index in 1...40 {
            let text = "[General]\nName=app \(index)\nCount=\(index)\n\n[Window]\nWidth=800\nHeight=600\n"
            try Data(text.utf8).write(to: config.appendingPathComponent("app\(index)rc"))
        }
        let channels = config.appendingPathComponent("xfce4/xfconf/xfce-perchannel-xml")
        try manager.createDirectory(at: channels, withIntermediateDirectories: true)
        for index in 1...10 {
            let xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <channel name="channel\(index)" version="1.0">
                  <property name="general" type="empty">
                    <property name="theme" type="string" value="Adwaita"/>
                    <property name="count" type="int" value="\(index)"/>
                  </property>
                </channel>

                """
            try Data(xml.utf8).write(to: channels.appendingPathComponent("channel\(index).xml"))
        }
    }
}
