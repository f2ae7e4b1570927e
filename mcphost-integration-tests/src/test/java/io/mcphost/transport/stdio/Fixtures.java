package io.mcphost.transport.stdio;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Misbehaving servers: bash scripts under src/test/resources/fixtures, or fixture main classes run as child JVMs. */
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

    /** A command line running {@code main} in a new JVM with this test's class path. */
    static List<String> java(Class<?> main, String... args) {
        List<String> line = new ArrayList<>();
        line.add(ProcessHandle.current().info().command().orElseThrow());
        line.add("-cp");
        line.add(System.getProperty("java.class.path"));
        line.add("-Xshare:auto");
        line.add("-XX:TieredStopAtLevel=1");
        line.add(main.getName());
        line.addAll(List.of(args));
        return line;
    }

    /** The process and every descendant it has now. */
    static List<ProcessHandle> treeOf(StdioTransport transport) {
        ProcessHandle root = transport.process().orElseThrow();
        List<ProcessHandle> tree = new ArrayList<>();
        tree.add(root);
        root.descendants().forEach(tree::add);
        return tree;
    }
}
