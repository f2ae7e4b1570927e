package io.mcphost.server.http;

import io.mcphost.server.McpServer;
import io.mcphost.server.http.internal.HttpEndpoint;
import io.mcphost.server.http.internal.HttpServing;
import io.mcphost.server.http.internal.Sessions;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Serves an {@link McpServer} over the Streamable HTTP transport (spec 2025-11-25, basic/transports;
 * clients of 2025-03-26 and 2025-06-18 are served too), on Jetty's HTTP/1.1 server.
 *
 * <pre>{@code
 * StreamableHttpServer http = StreamableHttpServer.builder(server).port(8080).start();
 * URI endpoint = http.endpoint();   // http://127.0.0.1:8080/mcp
 * ...
 * http.close(Duration.ofSeconds(2));
 * }</pre>
 *
 * <p>Each {@code initialize} POSTed without an {@code Mcp-Session-Id} starts a session: a connection
 * of its own to the {@link McpServer} (as {@link McpServer#serve} gives), whose id the response
 * carries. Later requests must name it (400 without, 404 once it ended). A POST carrying a request
 * is answered by an SSE stream (the {@link ResponseMode#SSE default}) that carries the request's
 * progress and then its response, or by one JSON response. A GET opens the session's stream for
 * messages not tied to a request; one at a time, a second GET gets 409 Conflict while the first is
 * open. Every SSE event has an id unique in its session, and each stream keeps its last 1,000
 * events: a GET with {@code Last-Event-ID} resumes the stream that id belongs to (taking it over
 * from any connection still carrying it; an id no kept stream has opens a fresh GET stream). Server
 * messages not tied to a request go to the GET stream while a connection carries it, else to an
 * open request stream, else wait (at most 1,000, oldest dropped) for the next GET. DELETE ends a
 * session. Requests whose {@code Origin} is not allowed, or whose {@code Host} is not a loopback
 * name while bound to loopback, get 403 (DNS-rebinding protection).
 *
 * <p>Revision 2026-07-28 is served on the same endpoint without sessions: a POST whose body's
 * {@code _meta} declares a version, or whose {@code MCP-Protocol-Version} header is 2026-07-28, is
 * one stateless request. Its headers are checked against the body (HeaderMismatch, 400), refusals
 * get the status the spec gives them (400, or 404 for an unknown method), the answer is JSON or, from
 * the first notification it sends before its result, an SSE stream whose closing cancels the request;
 * a {@code subscriptions/listen} stream stays open until the client closes it or the server closes.
 *
 * <p>Thread-safe. Every exchange runs on its own virtual thread (a few platform threads accept and
 * select); a stream holds its thread until it ends. A connection that waits longer than the
 * {@linkplain StreamableHttpServerBuilder#idleTimeout idle timeout} on a read or write (a stalled body, a client that
 * stops reading its stream) is closed, and so is its stream's connection; request headers beyond
 * {@linkplain StreamableHttpServerBuilder#maxHeaderBytes their limit} get 431, bodies beyond
 * {@linkplain StreamableHttpServerBuilder#maxMessageBytes theirs} 413. Sessions unused for the
 * {@linkplain StreamableHttpServerBuilder#sessionIdleTimeout session idle timeout} are dropped. Optionally, requests need a
 * {@linkplain StreamableHttpServerBuilder#bearerTokens(Map) bearer token} or an {@linkplain StreamableHttpServerBuilder#oauth OAuth access
 * token} (401 without) and each client is
 * {@linkplain StreamableHttpServerBuilder#maxConcurrentRequestsPerClient limited} (429 beyond).
 *
 * <p>Plain {@code http} unless the builder is given a {@linkplain StreamableHttpServerBuilder#tls TLS context}: then the
 * same endpoint is served as {@code https} only, and {@link #endpoint()} says so.
 */
public final class StreamableHttpServer implements AutoCloseable {
    private final HttpServing serving;
    private final Sessions sessions;
    private final HttpEndpoint handler;
    private final Duration closeBudget;

    StreamableHttpServer(HttpServing serving, Duration closeBudget) {
        this.serving = serving;
        this.sessions = serving.sessions();
        this.handler = serving.handler();
        this.closeBudget = closeBudget;
    }

    /** A builder serving {@code server} on 127.0.0.1, an ephemeral port, path {@code /mcp}. */
    public static StreamableHttpServerBuilder builder(McpServer server) {
        return new StreamableHttpServerBuilder(Objects.requireNonNull(server, "server"));
    }

    /**
     * The MCP endpoint's URL, with the port actually bound, for example {@code http://127.0.0.1:53211/mcp}
     * ({@code https} when served with {@linkplain StreamableHttpServerBuilder#tls TLS}).
     */
    public URI endpoint() {
        return serving.endpoint();
    }

    /** The ids of the live sessions, a snapshot. Never blocks. */
    public Set<String> sessionIds() {
        return sessions.ids();
    }

    /**
     * Ends one session as if it expired: its streams end, its connection to the {@link McpServer}
     * closes (running calls see {@code isCancelled()}) and later requests naming it get 404. Never
     * blocks on the network.
     *
     * @return whether the session was live
     */
    public boolean expireSession(String sessionId) {
        return sessions.expire(Objects.requireNonNull(sessionId, "sessionId"));
    }

    /** Ends every live session, as {@link #expireSession}; returns how many there were. */
    public int expireAllSessions() {
        return sessions.expireAll();
    }

    /** How many {@code initialize} requests started a session since this server started. */
    public long initializeCount() {
        return sessions.initializeCount();
    }

    /**
     * How many SSE responses are being written right now: request streams, GET streams and
     * 2026-07-28 streams (a {@code subscriptions/listen}, a request that sent a notification first),
     * each from its first byte until it ends. A JSON answer is no stream. For metrics; thread-safe,
     * never blocks, a moment's count.
     */
    public int openStreamCount() {
        return handler.openStreamCount();
    }

    /**
     * How many HTTP requests are being served now: admitted (authenticated, within the per-client rate) and
     * not yet answered, open streams included. For metrics and tests; thread-safe, never blocks, a moment's count.
     */
    public int activeRequestCount() {
        return handler.admittedCount();
    }

    /**
     * How many requests the {@linkplain StreamableHttpServerBuilder#maxConcurrentRequestsPerClient per-client limits}
     * (concurrency or rate) refused with {@code 429} since this server started; 0 without limits.
     * For metrics; thread-safe, never blocks, monotonic.
     */
    public long rateLimitedCount() {
        return handler.limitedCount();
    }

    /**
     * For tests of client resumption: abruptly ends every open SSE connection (of POSTs and GETs)
     * without ending its stream or its session. Messages for those streams are kept, and a GET with
     * {@code Last-Event-ID} receives them. Returns at once.
     *
     * @return how many connections were ended
     */
    public int dropStreams() {
        return sessions.dropStreams();
    }

    /** Whether {@link #close} was called. */
    public boolean isClosed() {
        return serving.isClosed();
    }

    /**
     * Stops accepting connections, ends every session and stream, and stops the HTTP server,
     * returning within {@code budget} whatever clients do (a client that stops reading has its
     * connection closed under it). Idempotent; a second call waits, within its own budget, for the first.
     */
    public void close(Duration budget) {
        serving.close(Objects.requireNonNull(budget, "budget"));
    }

    /**
     * Lets the requests running now finish before a {@link #close}, for a replica leaving a load
     * balancer's rotation: stops accepting connections (new requests go to other replicas), answers
     * each request still arriving on an open connection and closes that connection after it, and
     * waits at most {@code limit} until no request is running (listen and GET streams do not count;
     * {@link #close} ends them). Sessions, streams and the server stay as they are. Blocks the caller.
     *
     * @return whether every running request finished within {@code limit}
     */
    public boolean drain(Duration limit) {
        return serving.drain(Objects.requireNonNull(limit, "limit"));
    }

    /** Closes within the budget set by {@link StreamableHttpServerBuilder#closeBudget}, 5 seconds unless set. */
    @Override
    public void close() {
        close(closeBudget);
    }

    @Override
    public String toString() {
        return "StreamableHttpServer[" + serving.endpoint() + "]";
    }
}
