package io.mcphost.server.internal;

import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.utilities.CancelledNotificationParams;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client's requests a connection is serving now, by id, each with the flag its handler reads to
 * learn it was cancelled: set by the client's {@code notifications/cancelled} (spec 2025-11-25,
 * utilities/cancellation) or by the connection's end. An id is taken only while no request of the
 * same id runs. Thread-safe; nothing here blocks.
 */
final class RunningRequests {
    private static final Logger LOG = LoggerFactory.getLogger(ServerConnection.class);
    private static final JsonCodec CODEC = JsonCodec.get();

    private final Map<RequestId, AtomicBoolean> running = new ConcurrentHashMap<>();

    /** Takes {@code id} for a new request; returns its cancellation flag, or null while a request of that id runs. */
    AtomicBoolean start(RequestId id) {
        AtomicBoolean cancelled = new AtomicBoolean();
        return running.putIfAbsent(id, cancelled) == null ? cancelled : null;
    }

    /** The request of {@code id} with this {@code flag} is done: a client may use the id again. */
    void finished(RequestId id, AtomicBoolean flag) {
        running.remove(id, flag);
    }

    /** A {@code notifications/cancelled} from the client: flags the request it names, if it runs. */
    void cancel(JsonRpcNotification notification) {
        cancelledId(notification).map(running::get).ifPresent(flag -> flag.set(true));
    }

    /** The connection ended: every running request is cancelled. */
    void cancelAll() {
        running.values().forEach(flag -> flag.set(true));
    }

    private static Optional<RequestId> cancelledId(JsonRpcNotification n) {
        try {
            return n.params().flatMap(p -> CODEC.treeToValue(p, CancelledNotificationParams.class).requestId());
        } catch (McpException e) {
            LOG.debug("ignored a malformed notifications/cancelled: {}", e.getMessage());
            return Optional.empty();
        }
    }
}
