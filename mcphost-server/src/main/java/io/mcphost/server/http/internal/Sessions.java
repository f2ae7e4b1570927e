package io.mcphost.server.http.internal;

import io.mcphost.server.McpServer;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.server.ServerSession;
import io.mcphost.server.internal.ServerConnection;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The live sessions of one HTTP server, each with its own server connection, the one connection that
 * carries the endpoint's stateless (2026-07-28) requests, and the sweeper that drops sessions unused
 * for the idle timeout. Thread-safe; nothing here waits on the network.
 */
public final class Sessions {
    private static final Logger LOG = LoggerFactory.getLogger(Sessions.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final McpServer server;
    private final HttpSettings settings;
    private final Map<String, HttpSession> live = new ConcurrentHashMap<>();
    private final AtomicLong serials = new AtomicLong();
    private final AtomicLong initializes = new AtomicLong();
    private final AtomicLong takenUp = new AtomicLong();
    private final ReentrantLock sweeperLock = new ReentrantLock();
    private final Condition stopping = sweeperLock.newCondition();
    private final StatelessChannel stateless;
    private volatile boolean closed;
    private Thread sweeper;

    /** Present when replicas share this server's sessions: ids are sealed and taken up anywhere. */
    private final Optional<Replication> replication;

    public Sessions(McpServer server, HttpSettings settings, Optional<Replication> replication) {
        this.server = server;
        this.settings = settings;
        this.replication = replication;
        this.stateless = new StatelessChannel(server, settings.path());
    }

    /** Makes every task id of the server start with {@code prefix} (a replica's origin); before serving. */
    void tagTasks(String prefix) {
        stateless.dispatcher().registry().taskIdPrefix(prefix);
    }

    /** Whether {@link #close} began. */
    boolean isClosed() {
        return closed;
    }

    /** How replicas share the sessions, if they do. */
    Optional<Replication> replication() {
        return replication;
    }

    /** The connection the endpoint's stateless requests are dispatched on; lives until {@link #close}. */
    StatelessChannel stateless() {
        return stateless;
    }

    /** Starts the idle sweeper on a virtual thread. */
    public void start() {
        sweeper = Thread.ofVirtual().name("mcphost-http-sweeper").start(this::sweepLoop);
    }

    /**
     * A new session with its own server connection, for an {@code initialize} request with
     * {@code params}; empty when {@code maxSessions} are live or the server is closing. Only
     * {@code principal} may use it. With replication its id seals what the handshake agrees.
     */
    Optional<HttpSession> create(Optional<String> principal, JsonNode params) {
        if (closed || live.size() >= settings.maxSessions()) {
            return Optional.empty();
        }
        String id = replication.map(r -> r.sealSession(r.grant(
                ServerConnection.negotiate(params.path("protocolVersion").asString("")),
                params.path("capabilities").isObject() ? params.get("capabilities") : JsonCodec.get().newObject(),
                principal))).orElseGet(Sessions::newId);
        HttpSession session = new HttpSession(id, serials.incrementAndGet(), settings, principal,
                s -> live.remove(s.id(), s), replication);
        ServerSession connection = server.serve(session);
        session.servedBy((ServerConnection) connection, false);
        live.put(session.id(), session);
        initializes.incrementAndGet();
        LOG.debug("{} created ({} live)", session, live.size());
        if (closed) {
            connection.close(Duration.ZERO); // lost a race with close(): do not outlive the server
            return Optional.empty();
        }
        return Optional.of(session);
    }

    /** 32 random bytes, base64url: visible ASCII as the spec requires, and unguessable. */
    private static String newId() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * The live session {@code id} names, if {@code principal} started it: another principal's session
     * is as unknown to a caller as an ended one.
     */
    Optional<HttpSession> find(String id, Optional<String> principal) {
        HttpSession session = live.get(id);
        if (session != null || replication.isEmpty()) {
            return Optional.ofNullable(session).filter(s -> s.belongsTo(principal));
        }
        return replication.get().openSession(id).filter(g -> g.principal().equals(principal))
                .flatMap(grant -> takeUp(id, grant));
    }

    /**
     * The session {@code id} names if it is live in this process and {@code principal} started it; never
     * taken up (what another replica asks about this replica's copy).
     */
    Optional<HttpSession> findHere(String id, Optional<String> principal) {
        return Optional.ofNullable(live.get(id)).filter(s -> s.belongsTo(principal));
    }

    /**
     * A session another replica started (or this one, before it restarted or the session idled out
     * here), taken up from what its id sealed; empty when {@code maxSessions} are live or closing.
     */
    private Optional<HttpSession> takeUp(String id, Replication.Grant grant) {
        if (closed || live.size() >= settings.maxSessions()) {
            return Optional.empty();
        }
        boolean[] made = new boolean[1];
        // Served and resumed inside the map's lock for this id: a request racing this one for the same
        // session finds it only once it is ready for messages. Neither step waits on anything.
        HttpSession session = live.computeIfAbsent(id, k -> {
            HttpSession fresh = new HttpSession(id, serials.incrementAndGet(), settings, grant.principal(),
                    s -> live.remove(s.id(), s), replication);
            ServerConnection connection = (ServerConnection) server.serve(fresh);
            connection.resumeHandshake(grant.version(), grant.capabilities());
            fresh.servedBy(connection, true);
            made[0] = true;
            return fresh;
        });
        if (made[0]) {
            takenUp.incrementAndGet();
            LOG.debug("{} taken up from its sealed id ({} live)", session, live.size());
            if (closed) {
                session.close(Duration.ZERO);
                return Optional.empty();
            }
        }
        return Optional.of(session);
    }

    /**
     * Before this replica stops (a drain): hands what each session's client chose (subscriptions, log
     * level) to the peers, which take those sessions up, so that nothing the clients asked for is lost
     * with this replica. Nothing without peers; blocks up to the peers' timeout.
     */
    void handOff() {
        Optional<Peers> peers = replication.map(Replication::peers).filter(p -> !p.isEmpty());
        if (peers.isEmpty()) {
            return;
        }
        Map<String, Peers.Choices> held = new java.util.LinkedHashMap<>();
        for (HttpSession session : live.values()) {
            Peers.Choices choices = Peers.Choices.of(session.connection().choices());
            if (!session.isClosed() && !choices.isEmpty()) {
                held.put(session.id(), choices);
            }
        }
        if (!held.isEmpty()) {
            LOG.debug("handing {} sessions' choices to the peers", held.size());
            peers.get().handOff(held);
        }
    }

    /** The session a peer handed over (its sealed {@code id}), taken up here if not held already; empty if it does not open. */
    Optional<HttpSession> takeUpHandedOver(String id) {
        HttpSession held = live.get(id);
        if (held != null) {
            return Optional.of(held);
        }
        return replication.flatMap(r -> r.openSession(id)).flatMap(grant -> takeUp(id, grant));
    }

    /** How many sessions this server took up from sealed ids it did not start (or no longer held). */
    public long takenUpCount() {
        return takenUp.get();
    }

    public Set<String> ids() {
        return Set.copyOf(live.keySet());
    }

    public long initializeCount() {
        return initializes.get();
    }

    /** Ends one session; later requests naming it get 404. Returns whether it was live. */
    public boolean expire(String id) {
        HttpSession session = live.get(id);
        if (session == null) {
            return false;
        }
        session.close(Duration.ZERO);
        return true;
    }

    /** Ends every session; returns how many there were. */
    public int expireAll() {
        List<HttpSession> all = List.copyOf(live.values());
        all.forEach(s -> s.close(Duration.ZERO));
        return all.size();
    }

    /** Ends every open SSE connection, keeping the sessions and their streams; returns how many ended. */
    public int dropStreams() {
        return live.values().stream().mapToInt(HttpSession::dropConnections).sum();
    }

    /** Refuses new sessions, ends every session and stops the sweeper. Returns at once. */
    public void close() {
        closed = true;
        sweeperLock.lock();
        try {
            stopping.signalAll();
        } finally {
            sweeperLock.unlock();
        }
        expireAll();
        stateless.close(Duration.ZERO);
        replication.ifPresent(Replication::close);
    }

    private void sweepLoop() {
        Duration idle = settings.sessionIdleTimeout();
        // Check a few times per timeout, so a session outlives it by at most a quarter, within 10 ms..30 s.
        long interval = Math.clamp(idle.toNanos() / 4, TimeUnit.MILLISECONDS.toNanos(10), TimeUnit.SECONDS.toNanos(30));
        sweeperLock.lock();
        try {
            while (!closed) {
                stopping.awaitNanos(interval);
                if (closed) {
                    return;
                }
                for (HttpSession session : live.values()) {
                    if (session.isIdleFor(idle)) {
                        LOG.debug("{} expired after {} unused", session, idle);
                        session.close(Duration.ZERO);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            sweeperLock.unlock();
        }
    }

    /** Waits up to {@code limit} for the sweeper thread to end. */
    public void awaitStopped(Duration limit) throws InterruptedException {
        Thread thread = sweeper;
        if (thread != null) {
            thread.join(limit);
        }
    }
}
