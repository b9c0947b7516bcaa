#if PostgreSQL
public import ServiceLifecycle

/// The store's listener is a service: a `ServiceGroup` starts it with the app and ends it on shutdown.
extension PostgresStore: Service {}
#endif
