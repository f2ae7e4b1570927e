package io.mcphost.server.http.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What the endpoint does with an exchange that belongs to another replica ({@link Replication}):
 * answers to another replica's questions are posted on to it, a stream another replica serves is
 * relayed from it, so is a request about a task it runs, and a stopping replica sends the client on with 503 instead of 404. Without
 * replication every exchange is this replica's, and each method lets it through unchanged.
 * Thread-safe; runs on the exchange's virtual thread and blocks it while it talks to the other replica.
 */
final class ReplicaExchanges {
    private final Sessions sessions;

    ReplicaExchanges(Sessions sessions) {
        this.sessions = sessions;
    }

    /**
     * The messages of a POST that are this replica's: answers to questions another replica asked are
     * posted to it (with the client's session and credentials) before the POST is answered, so that
     * the client hears 202 once its answer is where it is awaited.
     */
    List<JsonRpcMessage> passOnForeignAnswers(Exchange exchange, List<JsonRpcMessage> messages) {
        if (sessions.replication().isEmpty()) {
            return messages;
        }
        Replication replication = sessions.replication().get();
        Replication.Split split = replication.split(messages, exchange.header(Replication.FORWARDED_HEADER) != null);
        if (!split.foreign().isEmpty()) {
            Map<String, String> headers = clientHeaders(exchange, HttpEndpoint.SESSION_HEADER,
                    HttpEndpoint.VERSION_HEADER, "Authorization");
            split.foreign().forEach((peer, answers) -> answers.forEach(m -> replication.forward(peer, m, headers)));
        }
        return split.local();
    }

    /** {@code lastEventId}, or null when it names another replica's GET stream: a fresh one is opened here. */
    String resumableHere(String lastEventId) {
        return lastEventId != null && sessions.replication().map(r -> r.otherReplicasGetStream(lastEventId)).orElse(false)
                ? null : lastEventId;
    }

    /**
     * Whether a GET resuming {@code lastEventId} was answered here because another replica serves that
     * stream (relayed from there, or 410 Gone); false when the stream, if any, is this replica's.
     */
    boolean resumedElsewhere(Exchange exchange, String lastEventId) throws IOException {
        if (lastEventId == null || sessions.replication().isEmpty()) {
            return false;
        }
        Optional<Optional<URI>> elsewhere = sessions.replication().get().streamElsewhere(lastEventId);
        if (elsewhere.isEmpty()) {
            return false;
        }
        resumeElsewhere(exchange, sessions.replication().get(), elsewhere.get());
        return true;
    }

    /**
     * Whether a request about a task another replica runs ({@code tasks/get}, {@code tasks/result},
     * {@code tasks/cancel}, {@code tasks/update}: its task id names that replica) was answered here: it
     * is passed on there with the client's headers and the answer relayed as it comes; 410 Gone when that
     * replica cannot be reached (the task ended with it). False when the task, if any, is this replica's.
     */
    boolean taskElsewhere(Exchange exchange, JsonRpcRequest request) throws IOException {
        if (sessions.replication().isEmpty() || !request.method().startsWith("tasks/")
                || exchange.header(Replication.FORWARDED_HEADER) != null) {
            return false;
        }
        Optional<String> taskId = request.params().map(p -> p.get("taskId")).filter(JsonNode::isString).map(JsonNode::asString);
        Optional<Optional<URI>> elsewhere = taskId.flatMap(sessions.replication().get()::taskElsewhere);
        if (elsewhere.isEmpty()) {
            return false;
        }
        Optional<HttpResponse<InputStream>> answered = elsewhere.get().flatMap(peer -> sessions.replication().get().post(peer,
                JsonCodec.get().encode(request), clientHeaders(exchange, HttpEndpoint.SESSION_HEADER, HttpEndpoint.VERSION_HEADER,
                        "Authorization", "Accept", "Mcp-Method", "Mcp-Name")));
        if (answered.isEmpty()) {
            Replies.error(exchange, 410, JsonRpcError.INVALID_REQUEST, "Gone: the replica that ran task " + taskId.get()
                    + " cannot be reached; the task ended with it", Optional.of(request.id()));
            return true;
        }
        relay(exchange, answered.get());
        return true;
    }

    /**
     * Passes the requests among {@code requests} whose effect every replica of the session must hold
     * ({@link Peers#shared}: subscribing, unsubscribing, the log level) to the peers, and waits until
     * they have them, so that once the client hears the answer, whichever replica carries its GET
     * stream acts on it. Nothing for a request another replica passed on, or without peers.
     */
    void shareChoices(Exchange exchange, List<JsonRpcRequest> requests) {
        Optional<Peers> peers = peers(exchange);
        if (peers.isEmpty()) {
            return;
        }
        Map<String, String> headers = clientHeaders(exchange, HttpEndpoint.SESSION_HEADER, HttpEndpoint.VERSION_HEADER,
                "Authorization");
        requests.stream().filter(r -> Peers.shared(r.method()))
                .forEach(r -> peers.get().share(JsonCodec.get().encode(r), headers));
    }

    /**
     * Once, for the first request of a session taken up from its sealed id: asks the peers what the
     * client chose there (subscriptions, log level) and holds the same here, before the request is
     * served, so that a GET stream opened here hears the updates the client subscribed to elsewhere.
     */
    void learnChoices(Exchange exchange, HttpSession session) {
        Optional<Peers> peers = sessions.replication().map(Replication::peers).filter(p -> !p.isEmpty());
        if (peers.isEmpty() || !session.claimLearning()) {
            return;
        }
        Peers.Choices choices = peers.get().learn(clientHeaders(exchange, HttpEndpoint.SESSION_HEADER,
                HttpEndpoint.VERSION_HEADER, "Authorization"));
        session.connection().resumeChoices(choices.subscriptions(), choices.logLevel());
    }

    /**
     * Whether a peer's question about this replica's copy of a session ({@link Peers#QUERY_HEADER}) was
     * answered: what the client chose on it, or 404 when this replica does not hold it (never taken up).
     */
    boolean answeredPeerQuery(Exchange exchange, Optional<String> principal) throws IOException {
        if (sessions.replication().isEmpty() || !Peers.CHOICES.equals(exchange.header(Peers.QUERY_HEADER))
                || exchange.header(Replication.FORWARDED_HEADER) == null) {
            return false;
        }
        Optional<HttpSession> here = heldHere(exchange, principal).filter(s -> !s.isClosed());
        if (here.isEmpty()) {
            Replies.error(exchange, 404, JsonRpcError.INVALID_REQUEST, "Not Found: this replica does not hold the session");
        } else {
            Replies.json(exchange, 200, Peers.Choices.of(here.get().connection().choices()).toJson());
        }
        return true;
    }

    /**
     * Whether a DELETE was handled as a peer's: another replica passed it on, so only this replica's
     * copy ends (204), or nothing when it holds none (404), never taking the session up to end it.
     */
    boolean deletedForPeer(Exchange exchange, Optional<String> principal) throws IOException {
        if (sessions.replication().isEmpty() || exchange.header(Replication.FORWARDED_HEADER) == null) {
            return false;
        }
        Optional<HttpSession> here = heldHere(exchange, principal);
        here.ifPresent(s -> s.close(java.time.Duration.ZERO));
        if (here.isPresent()) {
            Replies.empty(exchange, 204);
        } else {
            Replies.error(exchange, 404, JsonRpcError.INVALID_REQUEST, "Not Found: this replica does not hold the session");
        }
        return true;
    }

    /**
     * Whether the exchange was a peer handing its sessions over as it stops ({@link Peers#HANDOFF_HEADER},
     * a body sealed under the replicas' keys, which is its authentication): each session is taken up
     * here with what its client chose. 204 when taken, 403 when the body does not open under these keys.
     */
    boolean handedOver(Exchange exchange, int maxBytes) throws IOException {
        if (sessions.replication().isEmpty() || exchange.header(Peers.HANDOFF_HEADER) == null
                || !exchange.method().equals("POST")) {
            return false;
        }
        byte[] body;
        try (InputStream in = exchange.requestBody()) {
            body = in.readNBytes(maxBytes + 1);
        }
        Optional<Map<String, Peers.Choices>> held = body.length > maxBytes ? Optional.empty()
                : sessions.replication().get().peers().handedOver(new String(body, java.nio.charset.StandardCharsets.UTF_8));
        if (held.isEmpty()) {
            Replies.error(exchange, 403, JsonRpcError.INVALID_REQUEST, "Forbidden: not a handoff from a replica sharing these keys");
            return true;
        }
        held.get().forEach((id, choices) -> sessions.takeUpHandedOver(id)
                .ifPresent(s -> s.connection().resumeChoices(choices.subscriptions(), choices.logLevel())));
        Replies.empty(exchange, 204);
        return true;
    }

    /** This replica's copy of the session the exchange names, if it holds one for {@code principal}; never taken up. */
    private Optional<HttpSession> heldHere(Exchange exchange, Optional<String> principal) {
        return Optional.ofNullable(exchange.header(HttpEndpoint.SESSION_HEADER)).flatMap(id -> sessions.findHere(id, principal));
    }

    /** The client ends its session: every peer's copy ends too (each unsubscribes what it held). */
    void shareDelete(Exchange exchange) {
        peers(exchange).ifPresent(p -> p.delete(clientHeaders(exchange, HttpEndpoint.SESSION_HEADER,
                HttpEndpoint.VERSION_HEADER, "Authorization")));
    }

    /** The peers to tell about a client's exchange: none when it came from a peer, or none are configured. */
    private Optional<Peers> peers(Exchange exchange) {
        return sessions.replication().map(Replication::peers)
                .filter(p -> !p.isEmpty() && exchange.header(Replication.FORWARDED_HEADER) == null);
    }

    /**
     * Whether a replica that is stopping answered 503 for a session it no longer takes up: the session
     * lives on at the other replicas, so the client must not hear 404 (it would start a new one).
     */
    boolean stoppingReplica(Exchange exchange, Optional<RequestId> id) throws IOException {
        if (sessions.replication().isEmpty() || !sessions.isClosed()) {
            return false;
        }
        exchange.setHeader("Retry-After", "1");
        Replies.error(exchange, 503, JsonRpcError.INTERNAL_ERROR, "Service Unavailable: this replica is stopping; retry", id);
        return true;
    }

    /**
     * A client resumes a request's stream that another replica serves (its event id names it): the
     * stream is resumed there and relayed, as it comes, until that replica ends it or the client goes.
     * When that replica cannot be reached (it died, and the request with it) or the id names no replica
     * these keys know, 410 Gone: the client learns at once that the request's answer will not come.
     */
    private static void resumeElsewhere(Exchange exchange, Replication replication, Optional<URI> peer) throws IOException {
        Optional<HttpResponse<InputStream>> opened = peer
                .filter(p -> exchange.header(Replication.FORWARDED_HEADER) == null)
                .flatMap(p -> replication.openStream(p, clientHeaders(exchange, HttpEndpoint.SESSION_HEADER,
                        HttpEndpoint.VERSION_HEADER, "Authorization", HttpEndpoint.LAST_EVENT_ID)));
        if (opened.isEmpty()) {
            Replies.error(exchange, 410, JsonRpcError.INVALID_REQUEST, "Gone: the replica that served this stream cannot"
                    + " be reached; the request it answered ended with it");
            return;
        }
        relay(exchange, opened.get());
    }

    /** Answers {@code exchange} with what another replica answered: its status and body, a stream as it comes. */
    private static void relay(Exchange exchange, HttpResponse<InputStream> response) throws IOException {
        try (InputStream in = response.body()) {
            String type = response.headers().firstValue("Content-Type").orElse("application/json");
            if (response.statusCode() != 200 || !type.startsWith(Replies.EVENT_STREAM)) {
                exchange.setHeader("Content-Type", type);
                exchange.respond(response.statusCode(), in.readNBytes(Replication.MAX_RELAYED_BYTES));
                return;
            }
            OutputStream out = Replies.startEventStream(exchange);
            byte[] buffer = new byte[8192];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                out.write(buffer, 0, n);
                out.flush();
            }
        }
    }

    /** The values of those of {@code names} the request has, to pass on to another replica as the client's. */
    private static Map<String, String> clientHeaders(Exchange exchange, String... names) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (String name : names) {
            String value = exchange.header(name);
            if (value != null) {
                headers.put(name, value);
            }
        }
        return headers;
    }
}
