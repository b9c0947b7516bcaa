/// The store kit, re-exported: the file store's errors and suite names are the kit's, and an app that imports
/// the file store names them as before.
@_exported public import PrefsStoreKit
