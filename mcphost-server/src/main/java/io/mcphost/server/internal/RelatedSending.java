package io.mcphost.server.internal;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.RequestId;

/**
 * A server transport that can send a message on the stream of the client request it relates to
 * (Streamable HTTP: the spec asks a server to send the requests and notifications it sends while
 * serving a request on that request's stream, so the client knows whose question, progress or log it is). Others send it plainly.
 */
public interface RelatedSending {
    /** Sends {@code message}, relating it to the client's request {@code relatedTo}. Never blocks on I/O. */
    void send(JsonRpcMessage message, RequestId relatedTo);
}
