public import ServiceLifecycle

/// The store's main loop is a service: a `ServiceGroup` starts it with the app and ends it on shutdown.
extension XfconfStore: Service {}
