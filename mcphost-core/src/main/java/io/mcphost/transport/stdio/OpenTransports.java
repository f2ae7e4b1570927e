package io.mcphost.transport.stdio;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The stdio transports whose processes are running, so one JVM shutdown hook can kill them all:
 * a program that forgets {@code close()} must not leave servers behind.
 */
final class OpenTransports {
    private static final Set<StdioTransport> OPEN = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean HOOKED = new AtomicBoolean();

    private OpenTransports() {
    }

    static void register(StdioTransport transport) {
        if (HOOKED.compareAndSet(false, true)) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> OPEN.forEach(StdioTransport::killNow),
                    "mcphost-stdio-shutdown"));
        }
        OPEN.add(transport);
    }

    static void unregister(StdioTransport transport) {
        OPEN.remove(transport);
    }
}
