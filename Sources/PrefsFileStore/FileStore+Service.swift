public import ServiceLifecycle

/// The store's directory watch is a service: a `ServiceGroup` starts it with the app and ends it on shutdown.
extension FileStore: Service {}
