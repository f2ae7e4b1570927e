import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

/**
 * Build step of the distribution (run by the pom at package, with the JDK's source launcher:
 * {@code java JlinkRuntime.java OUTPUT MODULES}): the Java runtime the archive ships in {@code runtime/}, made
 * by the build JDK's jlink from the modules the CLI and its libraries use, so a user needs no Java of their
 * own (a machine whose default Java is 17 runs it too). Replaces OUTPUT if it exists (jlink refuses to
 * write into an existing directory). Silent when it worked; a jlink failure fails the build with jlink's
 * message.
 *
 * <p>The modules: {@code jdeps --print-module-deps --module-path lib --add-modules ALL-MODULE-PATH} over the
 * CLI's jars gives java.base, java.naming, java.net.http, java.xml and jdk.unsupported; optional ones a
 * library only looks for (java.sql, java.desktop for Jackson) are left out. The image has no debug
 * attributes, headers or man pages, and is byte for byte the same from one build to the next (checked by
 * .ci/release-check through the archive).
 */
public final class JlinkRuntime {
    private JlinkRuntime() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: java JlinkRuntime.java OUTPUT MODULE,MODULE,...");
        }
        Path output = Path.of(args[0]);
        deleteTree(output);
        ToolProvider jlink = ToolProvider.findFirst("jlink")
                .orElseThrow(() -> new IllegalStateException("this JDK has no jlink (a JRE builds no runtime)"));
        List<String> options = new ArrayList<>(List.of("--add-modules", args[1], "--output", output.toString(),
                "--strip-debug", "--no-header-files", "--no-man-pages", "--compress", "zip-6"));
        StringWriter said = new StringWriter();
        int exit;
        try (PrintWriter out = new PrintWriter(said)) {
            exit = jlink.run(out, out, options.toArray(String[]::new));
        }
        if (exit != 0) {
            throw new IllegalStateException("jlink " + String.join(" ", options) + " failed (" + exit + "): " + said);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
