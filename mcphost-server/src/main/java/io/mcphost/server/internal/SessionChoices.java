package io.mcphost.server.internal;

import io.mcphost.protocol.logging.LoggingLevel;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a handshake-era client chose for its whole session: the resources it subscribed to
 * ({@code resources/subscribe}, counted server-wide in {@link Watched}) and the log level it set
 * ({@code logging/setLevel}). Replicas that share a session copy these between them, which is why they
 * are kept apart from the connection. Thread-safe; nothing here blocks but the subscription listener.
 */
public final class SessionChoices {
    private final Watched watched;
    private final Set<String> subscriptions = ConcurrentHashMap.newKeySet();
    private volatile LoggingLevel logLevel = LoggingLevel.INFO;
    /** Whether the client chose {@link #logLevel}, as against the default. */
    private volatile boolean levelChosen;

    SessionChoices(Watched watched) {
        this.watched = watched;
    }

    void subscribe(String uri) {
        if (subscriptions.add(uri)) {
            watched.add(uri);
        }
    }

    void unsubscribe(String uri) {
        if (subscriptions.remove(uri)) {
            watched.remove(uri);
        }
    }

    boolean isSubscribed(String uri) {
        return subscriptions.contains(uri);
    }

    /** The session ended: unsubscribes from everything, each URI once, whoever else removes it meanwhile. */
    void unsubscribeAll() {
        List.copyOf(subscriptions).forEach(this::unsubscribe);
    }

    void chooseLevel(LoggingLevel level) {
        logLevel = level;
        levelChosen = true;
    }

    /** The level below which log messages are not sent: the chosen one, else {@code info}. */
    LoggingLevel logLevel() {
        return logLevel;
    }

    /** The URIs the client subscribed to and has not unsubscribed from. */
    public Set<String> subscribedUris() {
        return Set.copyOf(subscriptions);
    }

    /** The log level the client chose; empty while it has not. */
    public Optional<LoggingLevel> chosenLogLevel() {
        return levelChosen ? Optional.of(logLevel) : Optional.empty();
    }

    /**
     * Takes up what the client chose at another replica: {@code uris} are added to the subscriptions
     * held here, and {@code level} is taken unless the client chose one here.
     */
    void resume(Collection<String> uris, Optional<LoggingLevel> level) {
        uris.forEach(this::subscribe);
        level.filter(l -> !levelChosen).ifPresent(this::chooseLevel);
    }
}
