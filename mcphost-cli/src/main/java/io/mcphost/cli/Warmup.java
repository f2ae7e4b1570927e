package io.mcphost.cli;

import io.mcphost.protocol.Json;
import java.util.List;
import java.util.Set;

/**
 * Builds the JSON codec on a second thread while the main thread parses the command line: the codec's
 * first use costs a few hundred milliseconds of class loading and introspection (less with the AOT
 * cache), which then overlap the parse and the server's own start ({@link EarlyServer} has spawned it
 * already). Nothing is started for help and version output, which need no codec. A daemon thread: the JVM
 * never waits for it.
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
            Json.parse("{\"warm\":[1,2.5,\"up\",true,null]}");
            StartupTrace.mark("warm-up end");
        });
    }
}
