public import ServiceLifecycle

/// The store's listening is a service: a `ServiceGroup` starts it with the app and ends it on shutdown.
extension XfconfStore: Service {}
