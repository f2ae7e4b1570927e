package io.mcphost.transport.stdio;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/** Misbehaving servers under src/test/resources/fixtures, started with bash or node. */
final class Fixtures {
    private Fixtures() {
    }

    static Path path(String name) {
        try {
            return Path.of(Objects.requireNonNull(Fixtures.class.getResource("/fixtures/" + name), name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<String> bash(String script) {
        return List.of("bash", path(script).toString());
    }

    static List<String> node(String script) {
        return List.of("node", path(script).toString());
    }
}
