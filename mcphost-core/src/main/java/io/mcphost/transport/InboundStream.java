package io.mcphost.transport;

import io.mcphost.protocol.RequestId;
import java.util.Objects;

/**
 * Which stream carried an inbound message, for transports whose wire tells: Streamable HTTP
 * (revisions 2025-03-26 … 2025-11-25) answers each POSTed request on a stream of its own, and the
 * spec asks a server to send the requests and notifications that relate to that request on it
 * (basic/transports, "Sending Messages to the Server"); everything else comes on the standalone GET
 * stream. stdio and in-memory transports carry one undivided stream and never report one.
 * Immutable and thread-safe.
 */
public sealed interface InboundStream {

    /** The stream of no request: Streamable HTTP's standalone GET stream. */
    InboundStream STANDALONE = new Standalone();

    /** The response stream of request {@code request}, which this side sent (resumed or not). */
    static InboundStream ofRequest(RequestId request) {
        return new OfRequest(request);
    }

    /**
     * The response stream of a request this side sent; a message on it relates to that request.
     *
     * @param request the id this side gave the request
     */
    record OfRequest(RequestId request) implements InboundStream {
        public OfRequest {
            Objects.requireNonNull(request, "request");
        }
    }

    /** A stream that belongs to no request ({@link #STANDALONE}). */
    record Standalone() implements InboundStream {
    }
}
