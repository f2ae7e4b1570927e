package io.mcphost.server.http.internal;

import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.server.SealingKeys;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What lets replicas of one server behind a load balancer share its handshake-era sessions without a
 * shared store or sticky sessions.
 *
 * <p><b>Sealed session ids.</b> A session's id seals what its handshake agreed (the revision, the
 * client's capabilities, the principal that opened it, when) under the replicas' {@link SealingKeys};
 * a replica that gets a request naming a session it does not hold opens the id and takes the session
 * up as its own ({@code ServerConnection.resumeHandshake}). A session id lives {@link #SESSION_LIFETIME}
 * from its handshake at most: it cannot be revoked without shared state.
 *
 * <p><b>Questions and their answers.</b> A request the server sends a client during a call
 * (elicitation, sampling, roots) waits on the replica that sent it, but the client's answer is a new
 * POST that the load balancer may give to any replica. So the ids of such requests name their origin
 * (the replica's peer URL, sealed so that nobody can make a replica post elsewhere), and a replica that
 * receives an answer to another replica's question forwards it there (one POST, the client's own
 * headers, marked so that it is never forwarded again). Without a peer URL nothing is tagged, and an
 * answer that reaches another replica is dropped there (its question then times out).
 *
 * <p><b>What a client chooses for its session</b> (subscriptions, log level, ending it) is passed to the
 * other replicas when they are known ({@link Peers}), handed over by a replica that stops, and learned
 * by one that takes a session up.
 *
 * <p>Thread-safe; only {@link #forward}, {@link #post}, {@link #openStream} and {@link Peers} do I/O
 * (bounded by {@link #FORWARD_TIMEOUT}, but for a relayed answer that waits for its task).
 */
public final class Replication {
    private static final Logger LOG = LoggerFactory.getLogger(Replication.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    /** How long a sealed session id is accepted after its handshake. */
    public static final Duration SESSION_LIFETIME = Duration.ofHours(24);
    static final Duration FORWARD_TIMEOUT = Duration.ofSeconds(10);
    /** The most of another replica's whole (non-stream) answer relayed: a JSON-RPC answer, not a download. */
    static final int MAX_RELAYED_BYTES = 16 * 1024 * 1024;
    /** Marks a POST one replica forwarded to another, so that it is never forwarded on. */
    static final String FORWARDED_HEADER = "Mcp-Replica-Forwarded";
    private static final String SESSION_PURPOSE = "mcphost/http-session";
    private static final String ORIGIN_PURPOSE = "mcphost/replica-origin";
    private static final String HANDOFF_PURPOSE = "mcphost/replica-handoff";
    /** How long a sealed handoff is accepted after it was sealed: long enough for clock skew, too short to replay. */
    private static final Duration HANDOFF_LIFETIME = Duration.ofMinutes(5);
    /** Between a tagged id's origin and the original id; never in base64url. */
    private static final char TAG_END = '~';
    /** Between the origin and the rest of a request stream's event id. */
    static final char EVENT_ID_ORIGIN_END = TAG_END;
    /** After the origin in a GET stream's event ids: such a stream is resumed afresh at another replica, not relayed. */
    static final char GET_STREAM_MARK = 'g';

    /** What a session's handshake agreed, as its id seals it. */
    record Grant(ProtocolVersion version, JsonNode capabilities, Optional<String> principal, long issuedAtMillis) {
    }

    /** A POST's messages split by where they belong. */
    record Split(List<JsonRpcMessage> local, Map<URI, List<JsonRpcMessage>> foreign) {
    }

    private final SealingKeys keys;
    private final Clock clock;
    /** Where the other replicas reach this one; set once, before the first request (see {@link #reachableAt}). */
    private volatile Optional<URI> peerUrl;
    /** This replica's sealed origin, the prefix of the ids it tags; empty without a peer URL. */
    private volatile Optional<String> origin;
    private volatile HttpClient client;
    /** The other replicas, told what a client chooses for its whole session; may be none. */
    private final Peers peers;

    /**
     * How an endpoint with these settings shares its sessions: not at all without keys.
     *
     * @throws IllegalStateException if a peer URL is given without keys (no other replica would take up a session)
     */
    public static Optional<Replication> of(Optional<SealingKeys> keys, Optional<URI> peerUrl, List<URI> peers) {
        if ((peerUrl.isPresent() || !peers.isEmpty()) && keys.isEmpty()) {
            throw new IllegalStateException((peerUrl.isPresent() ? "peerUrl" : "peers")
                    + " needs sealedSessions: without them no other replica takes up a session");
        }
        return keys.map(k -> new Replication(k, peerUrl, peers, Clock.systemUTC()));
    }

    /** {@code url}, checked: where other replicas can post, an absolute http(s) URL. */
    public static URI checkPeerUrl(URI url) {
        java.util.Objects.requireNonNull(url, "url");
        if (!url.isAbsolute() || !java.util.Set.of("http", "https").contains(url.getScheme())) {
            throw new IllegalArgumentException("the peer URL must be an absolute http(s) URL, not " + url);
        }
        return url;
    }

    public Replication(SealingKeys keys, Optional<URI> peerUrl, List<URI> peers, Clock clock) {
        this.keys = keys;
        this.clock = clock;
        this.peers = new Peers(peers, this);
        this.peerUrl = Optional.empty();
        this.origin = Optional.empty();
        peerUrl.ifPresent(this::reachableAt);
    }

    /** This replica's sealed origin (what its tagged ids and event ids start with), when it has a peer URL. */
    Optional<String> origin() {
        return origin;
    }

    /**
     * Where a resumed stream's event id says the stream is: empty when the id names no replica or names
     * this one (resume here), else the replica's URL, or empty in the second slot when the origin does not
     * open under these keys.
     */
    Optional<Optional<URI>> streamElsewhere(String lastEventId) {
        return elsewhere(lastEventId);
    }

    /**
     * Whether {@code lastEventId} names another replica's GET stream: the client then gets a fresh GET
     * stream here (that replica delivers nothing to a stream it no longer serves, and this one's copy of
     * the session hears the same updates when the replicas know each other).
     */
    boolean otherReplicasGetStream(String lastEventId) {
        int end = lastEventId.lastIndexOf(EVENT_ID_ORIGIN_END);
        return end >= 0 && lastEventId.length() > end + 1 && lastEventId.charAt(end + 1) == GET_STREAM_MARK
                && !origin.map(lastEventId.substring(0, end)::equals).orElse(false);
    }

    /** Where a task id says its task runs; as {@link #streamElsewhere}. */
    Optional<Optional<URI>> taskElsewhere(String taskId) {
        return elsewhere(taskId);
    }

    private Optional<Optional<URI>> elsewhere(String tagged) {
        int end = tagged.lastIndexOf(EVENT_ID_ORIGIN_END);
        if (end < 0) {
            return Optional.empty();
        }
        String tag = tagged.substring(0, end);
        if (origin.isPresent() && origin.get().equals(tag)) {
            return Optional.empty();
        }
        return Optional.of(keys.open(ORIGIN_PURPOSE, tag).map(b -> URI.create(new String(b, StandardCharsets.UTF_8))));
    }

    /**
     * Opens the stream {@code headers} resume ({@code Last-Event-ID}, the session, the client's
     * credentials) at the replica {@code peer}, as the client would have; empty when it cannot be
     * reached. The response's body streams until that replica ends it.
     */
    Optional<HttpResponse<java.io.InputStream>> openStream(URI peer, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(peer).timeout(FORWARD_TIMEOUT).GET()
                .header("Accept", "text/event-stream").header(FORWARDED_HEADER, "1");
        headers.forEach(request::header);
        return send(request.build(), HttpResponse.BodyHandlers.ofInputStream(), "resume a stream");
    }

    /**
     * POSTs {@code body} to the replica at {@code peer} with the client's {@code headers}, as the client
     * would have; empty when it cannot be reached. No deadline on the answer (a {@code tasks/result}
     * waits for its task); the body streams as that replica writes it.
     */
    Optional<HttpResponse<java.io.InputStream>> post(URI peer, String body, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(peer).POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").header(FORWARDED_HEADER, "1");
        headers.forEach(request::header);
        return send(request.build(), HttpResponse.BodyHandlers.ofInputStream(), "pass a request on");
    }

    /** The other replicas, as configured (none unless given). */
    Peers peers() {
        return peers;
    }

    /** Where the other replicas reach this one, once known. */
    Optional<URI> peerUrl() {
        return peerUrl;
    }

    /** Whether the other replicas know where to reach this one. */
    public boolean hasPeerUrl() {
        return peerUrl.isPresent();
    }

    /** Where the other replicas reach this one; called once, before the endpoint serves its first request. */
    public void reachableAt(URI url) {
        this.origin = Optional.of(keys.seal(ORIGIN_PURPOSE, url.toString().getBytes(StandardCharsets.UTF_8)));
        this.peerUrl = Optional.of(url);
    }

    /** A session id sealing {@code grant}. */
    String sealSession(Grant grant) {
        ObjectNode payload = CODEC.newObject();
        payload.put("v", grant.version().id());
        payload.set("c", grant.capabilities());
        grant.principal().ifPresent(p -> payload.put("p", p));
        payload.put("t", grant.issuedAtMillis());
        return keys.seal(SESSION_PURPOSE, CODEC.mapper().writeValueAsString(payload).getBytes(StandardCharsets.UTF_8));
    }

    /** What a session id sealed, if it opens under these keys and is not older than {@link #SESSION_LIFETIME}. */
    Optional<Grant> openSession(String id) {
        return keys.open(SESSION_PURPOSE, id).flatMap(bytes -> {
            JsonNode payload = CODEC.readTree(bytes);
            Optional<ProtocolVersion> version = ProtocolVersion.fromId(payload.path("v").asString(""));
            long issued = payload.path("t").asLong(0);
            if (version.isEmpty() || clock.millis() - issued > SESSION_LIFETIME.toMillis()) {
                return Optional.empty();
            }
            Optional<String> principal = payload.path("p").isString() ? Optional.of(payload.get("p").asString()) : Optional.empty();
            return Optional.of(new Grant(version.get(), payload.path("c"), principal, issued));
        });
    }

    /** {@code json} (a handoff, with its sealing time in {@code t}) sealed for the peers. */
    String sealHandoff(String json) {
        return keys.seal(HANDOFF_PURPOSE, json.getBytes(StandardCharsets.UTF_8));
    }

    /** A handoff's JSON, if {@code sealed} opens under these keys and was sealed within {@link #HANDOFF_LIFETIME}. */
    Optional<JsonNode> openHandoff(String sealed) {
        return keys.open(HANDOFF_PURPOSE, sealed.strip()).map(CODEC::readTree)
                .filter(json -> Math.abs(clock.millis() - json.path("t").asLong(0)) <= HANDOFF_LIFETIME.toMillis());
    }

    /** The grant of a new session's handshake, now. */
    Grant grant(ProtocolVersion version, JsonNode capabilities, Optional<String> principal) {
        return new Grant(version, capabilities, principal, clock.millis());
    }

    /** {@code message} as it leaves for the client: a request's id names this replica, when it has a peer URL. */
    JsonRpcMessage tagOutgoing(JsonRpcMessage message) {
        if (origin.isEmpty()) {
            return message;
        }
        if (message instanceof JsonRpcRequest r) {
            return new JsonRpcRequest(tag(r.id()), r.method(), r.params());
        }
        // The server calling off its own question names it by the id the client saw.
        if (message instanceof JsonRpcNotification n && n.method().equals(McpMethod.NOTIFICATIONS_CANCELLED)
                && n.params().isPresent() && n.params().get().get("requestId") instanceof JsonNode rid
                && (rid.isString() || rid.isIntegralNumber())) {
            ObjectNode params = (ObjectNode) n.params().get().deepCopy();
            params.put("requestId", ((RequestId.StringId) tag(rid.isString() ? RequestId.of(rid.asString())
                    : RequestId.of(rid.asLong()))).value());
            return new JsonRpcNotification(n.method(), Optional.of(params));
        }
        return message;
    }

    private RequestId tag(RequestId id) {
        String original = id instanceof RequestId.NumberId n ? "n" + n.value() : "s" + ((RequestId.StringId) id).value();
        return RequestId.of(origin.orElseThrow() + TAG_END + original);
    }

    /**
     * A POST's messages split into those for this replica (answers to its own questions with their
     * original ids back, and everything else) and answers to other replicas' questions, by origin.
     * {@code forwarded}: the POST came from another replica, so nothing is passed on again (dropped).
     */
    Split split(List<JsonRpcMessage> messages, boolean forwarded) {
        List<JsonRpcMessage> local = new ArrayList<>(messages.size());
        Map<URI, List<JsonRpcMessage>> foreign = new LinkedHashMap<>();
        for (JsonRpcMessage m : messages) {
            Optional<RequestId> id = switch (m) {
                case JsonRpcResponse r -> Optional.of(r.id());
                case JsonRpcErrorResponse e -> e.id();
                default -> Optional.empty();
            };
            int end = id.filter(RequestId.StringId.class::isInstance)
                    .map(i -> ((RequestId.StringId) i).value().indexOf(TAG_END)).orElse(-1);
            if (end < 0) {
                local.add(m);
                continue;
            }
            String value = ((RequestId.StringId) id.get()).value();
            String tag = value.substring(0, end);
            Optional<RequestId> original = untag(value.substring(end + 1));
            if (original.isEmpty()) {
                local.add(m); // not one of ours after all: the session decides (nothing waits for it)
            } else if (origin.isPresent() && origin.get().equals(tag)) {
                local.add(withId(m, original.get()));
            } else {
                Optional<URI> where = keys.open(ORIGIN_PURPOSE, tag).map(b -> URI.create(new String(b, StandardCharsets.UTF_8)));
                if (where.isEmpty() || forwarded || where.equals(peerUrl)) {
                    LOG.debug("dropped an answer to a question of {}: {}", where.isEmpty() ? "an unknown replica" : where.get(),
                            forwarded ? "it was forwarded already" : "its origin does not open under these keys");
                } else {
                    foreign.computeIfAbsent(where.get(), k -> new ArrayList<>()).add(m);
                }
            }
        }
        return new Split(local, foreign);
    }

    /**
     * Posts {@code message} to the replica at {@code peer} with the client's session and credentials,
     * as the client would have; returns the status it answered, or empty when it could not be reached
     * (it died: the question it asked died with it). Blocks up to {@link #FORWARD_TIMEOUT}.
     */
    Optional<Integer> forward(URI peer, JsonRpcMessage message, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(peer).timeout(FORWARD_TIMEOUT)
                .POST(HttpRequest.BodyPublishers.ofString(CODEC.encode(message)))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header(FORWARDED_HEADER, "1");
        headers.forEach(request::header);
        return send(request.build(), HttpResponse.BodyHandlers.discarding(), "forward an answer").map(HttpResponse::statusCode);
    }

    /** {@code request} sent to another replica; empty (logged at debug: it died, or is stopping) when it could not be. */
    <T> Optional<HttpResponse<T>> send(HttpRequest request, HttpResponse.BodyHandler<T> body, String what) {
        try {
            return Optional.of(client().send(request, body));
        } catch (java.io.IOException e) {
            LOG.debug("could not {} at {}: {}", what, request.uri(), e.toString());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private HttpClient client() {
        HttpClient c = client;
        if (c == null) {
            synchronized (this) {
                c = client;
                if (c == null) {
                    c = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(FORWARD_TIMEOUT)
                            .followRedirects(HttpClient.Redirect.NEVER).build();
                    client = c;
                }
            }
        }
        return c;
    }

    /** Frees the forwarding client's threads and connections. */
    void close() {
        HttpClient c = client;
        if (c != null) {
            c.shutdownNow();
        }
    }

    private static Optional<RequestId> untag(String original) {
        if (original.startsWith("s")) {
            return Optional.of(RequestId.of(original.substring(1)));
        }
        if (original.startsWith("n")) {
            try {
                return Optional.of(RequestId.of(Long.parseLong(original.substring(1))));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static JsonRpcMessage withId(JsonRpcMessage m, RequestId id) {
        return switch (m) {
            case JsonRpcResponse r -> new JsonRpcResponse(id, r.result());
            case JsonRpcErrorResponse e -> new JsonRpcErrorResponse(Optional.of(id), e.error());
            default -> m;
        };
    }
}
