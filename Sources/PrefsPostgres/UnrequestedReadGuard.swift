#if PostgreSQL
import NIOCore

/// Holds back bytes the socket delivers when nobody asked to read, so that postgres-nio never sees them.
///
/// postgres-nio 1.33.2 applies backpressure to a query's rows by withholding `read()`; when the server goes away
/// mid-stream, NIO still reads what is left on the socket and fires `channelReadComplete`, and the row stream's state
/// machine stops the process on a precondition ("How can we receive a body part, after a channelReadComplete, but no
/// read has been forwarded yet"): `prefs read` and `prefs watch` died with SIGILL at every server restart that caught
/// them streaming. This handler sits first in the pipeline, where every `read()` the connection lets through reaches
/// the socket: bytes that arrive without one are kept until the next `read()`, and dropped if the channel closes first,
/// so the query fails with the connection's own error instead. Bytes that were asked for pass at once.
final class UnrequestedReadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Whether a `read()` reached the socket and its bytes have not all come yet.
    private var readRequested = false
    /// Whether bytes asked for are arriving, until their `channelReadComplete`.
    private var reading = false
    /// Bytes that came without a `read()`.
    private var heldBack: [NIOAny] = []

    func read(context: ChannelHandlerContext) {
        readRequested = true
        if !heldBack.isEmpty {
            let held = heldBack
            heldBack = []
            for data in held { context.fireChannelRead(data) }
            context.fireChannelReadComplete()
        }
        context.read()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard readRequested || reading else {
            heldBack.append(data)
            return
        }
        reading = true
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // The end of bytes nobody asked for, or of none at all (NIO reports the end of the stream so): nothing to pass.
        guard reading || readRequested else { return }
        reading = false
        readRequested = false
        context.fireChannelReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        heldBack = []
        context.fireChannelInactive()
    }
}
#endif
