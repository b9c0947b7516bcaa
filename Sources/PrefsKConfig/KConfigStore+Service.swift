public import ServiceLifecycle

/// The store's watch is a service: a `ServiceGroup` starts it with the app and ends it on shutdown.
extension KConfigStore: Service {}
