package io.mcphost.server.http.internal;

import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.logging.LoggingLevel;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The other replicas of a server, for what a handshake-era client chooses once per session and every
 * replica must know, because its GET stream (where that choice shows) may be at any of them:
 * {@code resources/subscribe}, {@code resources/unsubscribe} and {@code logging/setLevel} are passed to
 * every peer before they are answered (each takes the session up and holds the same choice), a
 * {@code DELETE} ends every peer's copy, and a replica taking a session up asks the peers what the
 * client chose before (so that a replica that restarted learns it back).
 *
 * <p>A peer URL whose host name resolves to several addresses (a Kubernetes headless Service) stands
 * for each of them; this replica's own {@link Replication#reachableAt peer URL} is skipped. A peer that
 * cannot be reached is skipped too (logged at debug): it learns the choices when it takes the session up.
 * Thread-safe; each method blocks its caller up to {@link Replication#FORWARD_TIMEOUT}, talking to the
 * peers in parallel on virtual threads.
 */
final class Peers {
    private static final Logger LOG = LoggerFactory.getLogger(Peers.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    /** Asks a peer what the client chose on the session its copy serves (answered here, never taken up). */
    static final String QUERY_HEADER = "Mcp-Replica-Query";
    static final String CHOICES = "choices";
    /** Marks a POST that hands sessions' choices over from a replica that stops (its body sealed under the keys). */
    static final String HANDOFF_HEADER = "Mcp-Replica-Handoff";
    /** The handshake-era methods whose effect every replica of a session must hold. */
    private static final Set<String> SHARED = Set.of(McpMethod.RESOURCES_SUBSCRIBE, McpMethod.RESOURCES_UNSUBSCRIBE,
            McpMethod.LOGGING_SET_LEVEL);

    /** What a client chose on a session: its subscriptions and the log level it set, if it set one. */
    record Choices(Set<String> subscriptions, Optional<LoggingLevel> logLevel) {
        String toJson() {
            return CODEC.mapper().writeValueAsString(toTree());
        }

        static Choices of(io.mcphost.server.internal.SessionChoices held) {
            return new Choices(held.subscribedUris(), held.chosenLogLevel());
        }

        boolean isEmpty() {
            return subscriptions.isEmpty() && logLevel.isEmpty();
        }

        ObjectNode toTree() {
            ObjectNode json = CODEC.newObject();
            subscriptions.forEach(json.putArray("subscriptions")::add);
            logLevel.ifPresent(l -> json.set("logLevel", CODEC.valueToTree(l)));
            return json;
        }

        static Choices fromJson(JsonNode json) {
            Set<String> uris = new LinkedHashSet<>();
            json.path("subscriptions").forEach(u -> uris.add(u.asString()));
            Optional<LoggingLevel> level = json.path("logLevel").isString()
                    ? Optional.of(CODEC.treeToValue(json.get("logLevel"), LoggingLevel.class)) : Optional.empty();
            return new Choices(uris, level);
        }
    }

    private final List<URI> configured;
    private final Replication replication;

    Peers(List<URI> configured, Replication replication) {
        this.configured = List.copyOf(configured);
        this.replication = replication;
    }

    /** Whether a request with {@code method} is one every replica must apply. */
    static boolean shared(String method) {
        return SHARED.contains(method);
    }

    boolean isEmpty() {
        return configured.isEmpty();
    }

    /** Posts {@code body} (one JSON-RPC request) to every peer with the client's headers; waits for all. */
    void share(String body, Map<String, String> headers) {
        each(peer -> {
            HttpRequest.Builder request = HttpRequest.newBuilder(peer).timeout(Replication.FORWARD_TIMEOUT)
                    .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream").header(Replication.FORWARDED_HEADER, "1");
            headers.forEach(request::header);
            return replication.send(request.build(), HttpResponse.BodyHandlers.discarding(), "share a session's choice");
        });
    }

    /** Ends every peer's copy of the session the client's {@code headers} name; waits for all. */
    void delete(Map<String, String> headers) {
        each(peer -> {
            HttpRequest.Builder request = HttpRequest.newBuilder(peer).timeout(Replication.FORWARD_TIMEOUT).DELETE()
                    .header(Replication.FORWARDED_HEADER, "1");
            headers.forEach(request::header);
            return replication.send(request.build(), HttpResponse.BodyHandlers.discarding(), "end a session");
        });
    }

    /**
     * Hands {@code held} (session id → what its client chose) to every peer, as this replica stops: each
     * takes the sessions up and holds the same choices, so that the clients' GET streams, which move to
     * them, hear what they subscribed to. One sealed POST per peer; waits for all.
     */
    void handOff(Map<String, Choices> held) {
        ObjectNode payload = CODEC.newObject();
        payload.put("t", System.currentTimeMillis());
        ObjectNode sessions = payload.putObject("sessions");
        held.forEach((id, choices) -> sessions.set(id, choices.toTree()));
        String body = replication.sealHandoff(CODEC.mapper().writeValueAsString(payload));
        each(peer -> replication.send(HttpRequest.newBuilder(peer).timeout(Replication.FORWARD_TIMEOUT)
                .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "text/plain")
                .header(HANDOFF_HEADER, "1").build(), HttpResponse.BodyHandlers.discarding(), "hand sessions over"));
    }

    /** The sessions and choices a peer handed over, from its sealed {@code body}; empty when it does not open. */
    Optional<Map<String, Choices>> handedOver(String body) {
        return replication.openHandoff(body).map(json -> {
            Map<String, Choices> held = new java.util.LinkedHashMap<>();
            json.path("sessions").properties().forEach(e -> held.put(e.getKey(), Choices.fromJson(e.getValue())));
            return held;
        });
    }

    /** What the client chose on the session its {@code headers} name, at every peer that holds it, together. */
    Choices learn(Map<String, String> headers) {
        List<Optional<HttpResponse<String>>> answers = each(peer -> {
            HttpRequest.Builder request = HttpRequest.newBuilder(peer).timeout(Replication.FORWARD_TIMEOUT).GET()
                    .header(QUERY_HEADER, CHOICES).header(Replication.FORWARDED_HEADER, "1");
            headers.forEach(request::header);
            return replication.send(request.build(), HttpResponse.BodyHandlers.ofString(), "learn a session's choices");
        });
        Set<String> uris = new LinkedHashSet<>();
        Optional<LoggingLevel> level = Optional.empty();
        for (Optional<HttpResponse<String>> answer : answers) {
            if (answer.isEmpty() || answer.get().statusCode() != 200) {
                continue; // the peer does not hold the session (404), or is gone
            }
            try {
                Choices choices = Choices.fromJson(CODEC.readTree(answer.get().body()));
                uris.addAll(choices.subscriptions());
                level = level.or(choices::logLevel);
            } catch (RuntimeException e) {
                LOG.debug("a peer's answer about a session's choices did not parse: {}", e.toString());
            }
        }
        return new Choices(uris, level);
    }

    /** Runs {@code call} for every peer at once, on virtual threads; returns their results in peer order. */
    private <T> List<T> each(Function<URI, T> call) {
        List<URI> targets = targets();
        List<T> results = new ArrayList<>(targets.size());
        if (targets.isEmpty()) {
            return results;
        }
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<T>> running = targets.stream().map(t -> threads.submit(() -> call.apply(t))).toList();
            for (Future<T> f : running) {
                try {
                    results.add(f.get());
                } catch (java.util.concurrent.ExecutionException e) {
                    LOG.debug("a call to a peer failed: {}", e.getCause().toString());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        return results;
    }

    /** The peers' URLs now: host names with several addresses expanded, this replica's own URL left out. */
    List<URI> targets() {
        Set<URI> targets = new LinkedHashSet<>();
        for (URI peer : configured) {
            targets.addAll(expand(peer));
        }
        replication.peerUrl().ifPresent(targets::remove);
        return List.copyOf(targets);
    }

    private static List<URI> expand(URI peer) {
        String host = peer.getHost();
        if (host == null || host.startsWith("[") || Character.isDigit(host.charAt(0)) || host.equals("localhost")) {
            return List.of(peer); // an address already, or loopback: one peer
        }
        try {
            InetAddress[] all = InetAddress.getAllByName(host);
            if (all.length < 2) {
                return List.of(peer);
            }
            List<URI> each = new ArrayList<>(all.length);
            for (InetAddress address : all) {
                String literal = address instanceof java.net.Inet6Address
                        ? "[" + address.getHostAddress() + "]" : address.getHostAddress();
                each.add(URI.create(peer.getScheme() + "://" + literal + (peer.getPort() < 0 ? "" : ":" + peer.getPort())
                        + Optional.ofNullable(peer.getRawPath()).orElse("")));
            }
            return each;
        } catch (UnknownHostException e) {
            LOG.debug("peer {} does not resolve now: {}", host, e.getMessage());
            return List.of();
        }
    }
}
