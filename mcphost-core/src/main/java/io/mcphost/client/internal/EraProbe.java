package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ClientState;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.McpUnsupportedVersionException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import io.mcphost.protocol.modern.ModernErrors;
import io.mcphost.protocol.modern.ModernMethods;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Connecting in either era, as the 2026-07-28 backward-compatibility rules describe (basic/versioning,
 * basic/transports/stdio and streamable-http "Backward Compatibility"): a {@code server/discover}
 * request with modern {@code _meta} first (over HTTP with the modern headers too). A
 * {@code DiscoverResult} — or a recognised modern error such as UnsupportedProtocolVersionError,
 * answered by one retry with a version from its {@code supported} list — means modern; any other
 * error, an HTTP refusal without a modern error body, or (over stdio) no answer within the probe
 * deadline means legacy, and the {@code initialize} handshake follows. Never keyed to one error code.
 *
 * <p>Over HTTP the probe's answer is waited for as long as a handshake may take: every HTTP server answers
 * a POST, so silence — or an OAuth sign-in that outlasts the handshake — is a {@link McpTimeoutException}
 * with the era undecided, never a legacy server; an authorisation under way goes on, and its token brings
 * a host's server up.
 *
 * <p>The era found is remembered in the {@link ConnectionState} (and beyond the client in an
 * {@link EraMemory}): a re-connect of a legacy server goes straight to {@code initialize} (and probes
 * again if that is refused); a modern one probes again, which is also how it learns the server's
 * capabilities, and waits for the answer as long as a handshake may. Runs on the connecting thread;
 * blocks for at most the probe deadline plus the handshake.
 */
final class EraProbe {
    private static final Logger LOG = LoggerFactory.getLogger(EraProbe.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    /**
     * Added to the stdio probe deadline for a process that was just started: a runtime that is still
     * loading (Node, Python, a JVM) reads the probe only once it is up. Measured in docs/eras.md.
     */
    static final Duration STARTUP_ALLOWANCE = Duration.ofMillis(1500);

    /** How many times a new token may renew the probe's wait (a step-up after a first token is the second). */
    private static final int MAX_AUTHORISED_WAITS = 2;

    private EraProbe() {
    }

    /**
     * Settles the session: modern by discovery or legacy by handshake.
     *
     * @param freshStart whether the transport was started just now (a new process gets the startup allowance)
     * @throws McpException when neither era works (the handshake's own failure), or the era is pinned
     *         to modern and the server is not
     */
    static Session connect(Exchange exchange, ClientConfig config, ConnectionState connection, boolean freshStart) {
        Era pinned = config.era();
        Era remembered = connection.knownEra();
        if (pinned == Era.LEGACY || pinned == Era.AUTO && remembered == Era.LEGACY) {
            try {
                return legacy(exchange, config, connection);
            } catch (McpError | McpTransportException e) {
                // Remembered, not pinned: a refused initialize may be a server that moved to the modern era
                // (a modern error says so outright; over HTTP a refused POST); probing again costs one request
                // and settles it. A broken connection (a process that died) has no era to find.
                if (pinned == Era.LEGACY || connection.state() == ClientState.FAILED) {
                    throw e;
                }
                LOG.debug("server '{}': initialize was refused ({}); probing the era again", exchange.name(), e.getMessage());
            }
        }
        long started = System.nanoTime();
        boolean http = config.transport().capability(io.mcphost.transport.HeaderMirroring.class).isPresent();
        // Over HTTP every server answers a POST, so the probe's answer is waited for as long as a handshake
        // may take: silence — or an authorisation that outlasts the handshake, the user still at the sign-in
        // page — ends connect() with a timeout, the era undecided (the host keeps such a server waiting for its
        // token, which brings it up), never with a guess of legacy. A server remembered as modern is waited for
        // as long: how long it took to start decides nothing. Only a stdio server of unknown era gets the short
        // probe deadline, and then its late answer still counts (below).
        Duration wait = http || remembered == Era.MODERN ? config.initializeTimeout()
                : freshStart ? config.probeTimeout().plus(STARTUP_ALLOWANCE) : config.probeTimeout();
        Probe outcome = probe(exchange, connection, config, ProtocolVersion.V2026_07_28, wait, true);
        if (outcome.adopted() != null && pinned == Era.AUTO) {
            // A naive legacy stdio server took the probe for its initialize (it answers any first request
            // so): that answer is the handshake, and a second initialize would confuse it.
            LOG.debug("server '{}': legacy, it answered the probe as initialize", exchange.name());
            Session session = Handshake.complete(exchange, config, outcome.adopted());
            connection.knownEra(Era.LEGACY);
            return session;
        }
        if (outcome.session() != null) {
            connection.knownEra(Era.MODERN);
            LOG.debug("server '{}': modern ({}), detected in {} ms", exchange.name(), outcome.session().version().id(),
                    (System.nanoTime() - started) / 1_000_000);
            return outcome.session();
        }
        if (pinned == Era.MODERN && outcome.late() == null) {
            throw notModern(exchange, outcome.legacyReason());
        }
        if (pinned == Era.MODERN) {
            return lateModern(exchange, connection, outcome, config.initializeTimeout())
                    .orElseThrow(() -> notModern(exchange, outcome.legacyReason()));
        }
        LOG.debug("server '{}': legacy ({}), falling back to initialize", exchange.name(), outcome.legacyReason());
        try {
            if (outcome.late() == null) {
                return legacy(exchange, config, connection);
            }
            // The probe only timed out (a process slow to start): the server read it before initialize, so by
            // the time initialize is answered its answer to the probe is in or due. A DiscoverResult settles the
            // era as modern, as it would have in time; how long the start took decides nothing. Legacy is
            // recorded only after that answer was looked at: an era memory never holds a passing guess.
            Session session = Handshake.run(exchange, config);
            Optional<Session> modern = lateModern(exchange, connection, outcome, config.probeTimeout());
            if (modern.isPresent()) {
                return modern.get();
            }
            connection.knownEra(Era.LEGACY);
            return session;
        } catch (McpError | McpTimeoutException | McpTransportException e) {
            // The probe only timed out and initialize failed: a modern server slow to start, or behind an
            // authorisation that took longer than the probe's wait, answers the probe late. Its answer, if
            // it comes within the handshake's deadline, settles the era: waiting costs only a server that
            // speaks neither era, and no clock decides.
            if (outcome.late() == null) {
                throw e;
            }
            return lateModern(exchange, connection, outcome, config.initializeTimeout()).orElseThrow(() -> e);
        }
    }

    /**
     * Waits {@code wait} for the probe's answer. Time spent authorising is not probe time: while a token is being
     * obtained when the wait runs out (the probe's 401 started a sign-in still under way), the wait goes on until
     * the authorisation ends (within its own timeout, and the request's deadline bounds it too); when a token was
     * obtained meanwhile, the authorised request gets a whole wait of its own, at most {@link #MAX_AUTHORISED_WAITS}
     * times, each bought by a new token. Neither depends on how long the sign-in or the machine took.
     */
    private static JsonNode awaitAnswer(CompletableFuture<JsonNode> sent, Duration wait,
                                        java.util.Optional<io.mcphost.auth.OAuthClient> oauth, long tokenBefore)
            throws java.util.concurrent.TimeoutException, InterruptedException, java.util.concurrent.ExecutionException {
        long token = tokenBefore;
        for (int renewals = 0; ; renewals++) {
            try {
                return sent.get(wait.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                if (oauth.map(io.mcphost.auth.OAuthClient::isAuthorizing).orElse(false)) {
                    renewals--; // still signing in: wait on, and count this wait against nothing
                    continue;
                }
                long now = oauth.map(io.mcphost.auth.OAuthClient::generation).orElse(token);
                if (now == token || renewals >= MAX_AUTHORISED_WAITS) {
                    throw e;
                }
                token = now;
            }
        }
    }

    /** An HTTP server that did not answer the probe within the handshake's deadline: a network failure, no era. */
    private static McpTimeoutException silentHttp(Exchange exchange, ClientConfig config, Throwable cause) {
        return new McpTimeoutException(exchange.name(), "server/discover got no answer within "
                + config.initializeTimeout().toMillis() + " ms: an HTTP server answers every request at once, whatever "
                + "its protocol era, so this is a network failure, a hung server or an authorisation still under way "
                + "— not a legacy server", cause);
    }

    private static McpProtocolException notModern(Exchange exchange, String reason) {
        return new McpProtocolException(exchange.name(), "the server does not speak protocol revision "
                + ProtocolVersion.V2026_07_28.id() + " (" + reason + "); the client is pinned to "
                + "Era.MODERN — use Era.AUTO or Era.LEGACY for this server");
    }

    /** The late answer of a probe that timed out, waited for at most {@code limit}, when it is a DiscoverResult. */
    private static Optional<Session> lateModern(Exchange exchange, ConnectionState connection, Probe outcome, Duration limit) {
        try {
            JsonNode result = outcome.late().get(limit.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            Probe late = discovered(exchange.name(), result, ProtocolVersion.V2026_07_28);
            if (late.session() != null) {
                connection.knownEra(Era.MODERN);
                LOG.debug("server '{}': modern, by a late answer to the probe", exchange.name());
            }
            return Optional.ofNullable(late.session());
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            outcome.late().cancel(false);
            return Optional.empty();
        } catch (InterruptedException e) {
            outcome.late().cancel(false);
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private static Session legacy(Exchange exchange, ClientConfig config, ConnectionState connection) {
        Session session = Handshake.run(exchange, config);
        connection.knownEra(Era.LEGACY);
        return session;
    }

    /**
     * The probe's outcome: a modern session, or why the server is taken for a legacy one; {@code late}
     * is the probe still pending when it only timed out (null otherwise).
     */
    private record Probe(Session session, String legacyReason, CompletableFuture<JsonNode> late, JsonNode adopted) {
        Probe(Session session, String legacyReason) {
            this(session, legacyReason, null, null);
        }

        Probe(Session session, String legacyReason, CompletableFuture<JsonNode> late) {
            this(session, legacyReason, late, null);
        }
    }

    private static Probe probe(Exchange exchange, ConnectionState connection, ClientConfig config, ProtocolVersion version,
                               Duration wait, boolean mayRetry) {
        // The request lives as long as a handshake may (over HTTP, times the waits a new token may renew: its
        // authorisation is not probe time); the answer is waited for only 'wait' (see awaitAnswer).
        boolean http = config.transport().capability(io.mcphost.transport.HeaderMirroring.class).isPresent();
        java.util.Optional<io.mcphost.auth.OAuthClient> signIn = config.transport().capability(io.mcphost.auth.OAuthClient.class);
        Duration deadline = http ? config.initializeTimeout().multipliedBy(1 + MAX_AUTHORISED_WAITS)
                .plus(signIn.map(o -> o.settings().authorizationTimeout()).orElse(Duration.ZERO)) : config.initializeTimeout();
        OutboundRequest discover = ModernMeta.envelope(exchange, new OutboundRequest(ModernMethods.SERVER_DISCOVER,
                CODEC.newObject(), CallOptions.timeout(deadline)), version, java.util.Map.of());
        java.util.Optional<io.mcphost.auth.OAuthClient> oauth = config.transport().capability(io.mcphost.auth.OAuthClient.class);
        long tokenBefore = oauth.map(io.mcphost.auth.OAuthClient::generation).orElse(0L);
        CompletableFuture<JsonNode> sent = exchange.sendHandshake(discover, deadline);
        JsonNode result;
        try {
            try {
                result = awaitAnswer(sent, wait, oauth, tokenBefore);
            } catch (java.util.concurrent.TimeoutException e) {
                if (http) {
                    // Not cancelled: an authorisation still under way goes on, and its token brings the server up.
                    throw silentHttp(exchange, config, e);
                }
                return new Probe(null, "no answer to server/discover within " + wait.toMillis() + " ms", sent);
            } catch (InterruptedException e) {
                sent.cancel(false);
                Thread.currentThread().interrupt();
                throw new io.mcphost.protocol.McpCancelledException(exchange.name(), "connecting was interrupted");
            } catch (java.util.concurrent.ExecutionException e) {
                throw exchange.unwrap(e.getCause());
            }
        } catch (McpUnsupportedVersionException e) {
            Optional<ProtocolVersion> other = newestModern(e.supported());
            if (other.isPresent() && mayRetry) {
                return probe(exchange, connection, config, other.get(), wait, false);
            }
            return new Probe(null, "server/discover: the server supports " + e.supported());
        } catch (McpError e) {
            if (ModernErrors.isModern(e.code())) {
                // A modern server that would not discover (e.g. a capability it wants): modern, capabilities unknown.
                return new Probe(new Session(Era.MODERN, version, Implementation.of("unknown", "unknown"),
                        CODEC.treeToValue(CODEC.newObject(), ServerCapabilities.class), CODEC.newObject(),
                        Optional.empty(), false), null);
            }
            return new Probe(null, "server/discover answered error " + e.code());
        } catch (McpTimeoutException e) {
            if (http) {
                throw silentHttp(exchange, config, e);
            }
            return new Probe(null, "server/discover timed out");
        } catch (McpTransportException e) {
            if (connection.state() == ClientState.FAILED) {
                throw e; // the process died or the connection broke: no era to detect
            }
            if (config.era() == Era.MODERN && e.reachedNoServer()) {
                throw e; // no server answered at all: "does not speak 2026-07-28" would name the wrong cause
            }
            return new Probe(null, "server/discover failed: " + e.detail());
        } catch (McpProtocolException e) {
            return new Probe(null, "server/discover: " + e.detail());
        }
        if (!result.has("supportedVersions") && config.transport().capability(io.mcphost.transport.HeaderMirroring.class).isEmpty() && result.path("protocolVersion").isString()
                && result.path("capabilities").isObject() && result.path("serverInfo").isObject()) {
            return new Probe(null, "it answered server/discover with an InitializeResult", null, result);
        }
        return discovered(exchange.name(), result, version);
    }

    /** A modern session from a DiscoverResult, or the reason the answer is not one. */
    private static Probe discovered(String server, JsonNode result, ProtocolVersion asked) {
        JsonNode versions = result.path("supportedVersions");
        if (!versions.isArray()) {
            return new Probe(null, "the answer to server/discover is not a DiscoverResult");
        }
        List<String> ids = new ArrayList<>();
        versions.forEach(v -> {
            if (v.isString()) {
                ids.add(v.stringValue());
            }
        });
        Optional<ProtocolVersion> version = ids.contains(asked.id()) ? Optional.of(asked) : newestModern(ids);
        if (version.isEmpty()) {
            return new Probe(null, "the server supports only " + ids);
        }
        JsonNode capabilities = result.path("capabilities").isObject() ? result.get("capabilities") : CODEC.newObject();
        ServerCapabilities typed;
        try {
            typed = CODEC.treeToValue(capabilities, ServerCapabilities.class);
        } catch (McpProtocolException e) {
            throw new McpProtocolException(server, "server/discover: " + e.getMessage(), e);
        }
        // serverInfo belongs in _meta; some servers put it at the top level.
        JsonNode info = result.path("_meta").path(io.mcphost.protocol.modern.ModernMeta.SERVER_INFO);
        if (!info.isObject()) {
            info = result.path("serverInfo");
        }
        Implementation serverInfo = Implementation.of("unknown", "unknown");
        if (info.isObject() && info.path("name").isString() && info.path("version").isString()) {
            try {
                serverInfo = CODEC.treeToValue(info, Implementation.class);
            } catch (McpProtocolException malformed) {
                // display only; keep "unknown"
            }
        }
        Optional<String> instructions = result.path("instructions").isString()
                ? Optional.of(result.path("instructions").stringValue()) : Optional.empty();
        return new Probe(new Session(io.mcphost.protocol.Era.MODERN, version.get(), serverInfo, typed,
                (ObjectNode) capabilities.deepCopy(), instructions, true), null);
    }

    /** The newest revision of {@code ids} that is modern and that this library speaks. */
    static Optional<ProtocolVersion> newestModern(List<String> ids) {
        return ids.stream().map(ProtocolVersion::fromId).flatMap(Optional::stream)
                .filter(v -> v.isAtLeast(ProtocolVersion.V2026_07_28)).max(Enum::compareTo);
    }
}
