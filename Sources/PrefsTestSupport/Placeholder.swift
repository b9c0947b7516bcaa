import PrefsKit
