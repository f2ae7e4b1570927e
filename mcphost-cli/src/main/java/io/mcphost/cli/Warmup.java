package io.mcphost.cli;

import io.mcphost.protocol.Json;
import java.util.List;
import java.util.Set;

/**
 * Initialises the JSON codec on a second thread while the main thread parses the command line: its
 * class initialisation starts the codec's own warm-up of the tree path (a line read, a message written)
 * on a thread of its own, so both overlap the parse and the server's own start ({@link EarlyServer} has
 * spawned it already). Jackson's mapper is not built here: the client starts that when it waits for
 * the server's first answer, and a plain call never needs it. Nothing is started for help and version
 * output, which need no codec. A daemon thread: the JVM never waits for it.
 */
final class Warmup {
    private static final Set<String> NO_CONNECTION = Set.of("-h", "--help", "-V", "--version", "help");

    private Warmup() {
    }

    /** Starts the warm-up unless the command line only asks for help or the version. */
    static void start(String[] args) {
        if (List.of(args).stream().anyMatch(NO_CONNECTION::contains)) {
            return;
        }
        Thread.ofPlatform().daemon().name("mcphost-warmup").start(() -> {
            StartupTrace.mark("warm-up start");
            Json.newObject(); // the codec's class initialisation: what it warms, it warms on its own thread
            StartupTrace.mark("warm-up end");
        });
    }
}
