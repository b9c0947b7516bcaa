/// The calls a bus monitor heard lately, each with the keys it changes and, once the bus has said, its caller.
///
/// Bounded: the newest ``limit`` calls are kept, and a call older than the window explains nothing.
struct HeardCalls {
    /// How many calls are kept.
    static let limit = 256

    private struct Call {
        let number: Int
        let keys: [String]
        let time: ContinuousClock.Instant
        var caller: BusCallers.Caller?
        var isAsking: Bool
    }

    private var calls: [Call] = []
    private var nextNumber = 0
    /// The service's signals heard, each with the call that caused it, when one had changed its keys.
    private var signals: [(sender: String, serial: UInt32, call: Int?)] = []
    /// The connections met as they joined, newest last, at most ``limit``.
    private var connections: [(name: String, caller: BusCallers.Caller)] = []

    /// Records a service's signal, with the newest call heard that changed one of its keys: the bus hands a monitor
    /// a call before the signal the call causes.
    mutating func signalled(_ keys: [String], sender: String, serial: UInt32, within window: Duration) {
        let since = ContinuousClock.now - window
        let call = calls.last { call in call.time >= since && keys.contains { Self.matches(call.keys, $0) } }
        if signals.count >= Self.limit { signals.removeFirst(signals.count - Self.limit + 1) }
        signals.append((sender, serial, call?.number))
    }

    /// The caller of the call that caused a signal.
    ///
    /// - Returns: Whether the signal has been heard; its call's caller, if any; and whether that caller is still
    ///   being asked.
    func caller(ofSignal sender: String, serial: UInt32) -> (heard: Bool, caller: BusCallers.Caller?, asking: Bool) {
        guard let signal = signals.last(where: { $0.sender == sender && $0.serial == serial }) else {
            return (false, nil, false)
        }
        guard let number = signal.call, let call = calls.last(where: { $0.number == number }) else {
            return (true, nil, false)
        }
        return (true, call.caller, call.isAsking)
    }

    /// Whether keys a call changes hold a key: itself, or a name ending in `/` above it.
    private static func matches(_ keys: [String], _ key: String) -> Bool {
        keys.contains { $0 == key || ($0.hasSuffix("/") && key.hasPrefix($0)) }
    }

    /// Records the process behind a connection that has just joined.
    mutating func remember(_ caller: BusCallers.Caller, as connection: String) {
        if connections.count >= Self.limit { connections.removeFirst(connections.count - Self.limit + 1) }
        connections.append((connection, caller))
    }

    /// The process behind a connection met as it joined.
    func known(_ connection: String) -> BusCallers.Caller? {
        connections.last { $0.name == connection }?.caller
    }

    /// Records a call heard, whose caller is being asked.
    ///
    /// - Parameter keys: The keys it changes; one ending in `/` stands for every key under it.
    /// - Returns: The call's number, for ``finish(_:caller:)``.
    mutating func begin(_ keys: [String]) -> Int {
        defer { nextNumber += 1 }
        if calls.count >= Self.limit { calls.removeFirst(calls.count - Self.limit + 1) }
        calls.append(Call(number: nextNumber, keys: keys, time: .now, caller: nil, isAsking: true))
        return nextNumber
    }

    /// Records who made a call, or that the bus could not say.
    mutating func finish(_ number: Int, caller: BusCallers.Caller?) {
        guard let index = calls.lastIndex(where: { $0.number == number }) else { return }
        calls[index].caller = caller
        calls[index].isAsking = false
    }

    /// The caller of the newest call that changed a key, within a window.
    ///
    /// - Returns: The caller, if known; and whether the newest such call's caller is still being asked, so that the
    ///   answer is worth waiting for.
    func caller(of key: String, within window: Duration) -> (BusCallers.Caller?, waiting: Bool) {
        let since = ContinuousClock.now - window
        guard let call = calls.last(where: { $0.time >= since && Self.matches($0.keys, key) }) else {
            return (nil, false)
        }
        return (call.caller, call.isAsking)
    }
}
