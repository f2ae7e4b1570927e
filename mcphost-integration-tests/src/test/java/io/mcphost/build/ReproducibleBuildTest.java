package io.mcphost.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reproducible builds, checked in every {@code ./mvnw verify}: the core and server toolkit jars this build made
 * are built a second time from the same sources in another directory (a copy of the checkout's poms and of
 * those modules' main sources), and the two must be identical byte for byte. The release rehearsal
 * ({@code .ci/release-check}) does the same for every published file, with sources and Javadoc jars; this test
 * keeps the everyday build honest about timestamps, entry order and paths. It needs the jars of this build, so
 * it runs only where they exist (a reactor build that packaged them), and Maven's local repository as the
 * build left it (the second build resolves nothing new).
 */
class ReproducibleBuildTest {
    private static final List<String> MODULES = List.of("mcphost-core", "mcphost-server");
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

    @TempDir
    Path copy;

    @Test
    void theCoreAndServerJarsBuiltAgainElsewhereAreIdentical() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Map<String, Path> built = new TreeMap<>();
        for (String module : MODULES) {
            jar(root.resolve(module).resolve("target")).ifPresent(jar -> built.put(module, jar));
        }
        assumeTrue(built.size() == MODULES.size(), "this build did not package " + MODULES + " (not a reactor build)");

        copyCheckout(root);
        Path log = copy.resolve("build.log");
        Process maven = new ProcessBuilder(copy.resolve("mvnw").toString(), "-B", "-ntp", "-q", "package",
                "-Dmaven.test.skip=true", "-DskipNpm", "-pl", String.join(",", MODULES))
                .directory(copy.toFile()).redirectErrorStream(true).redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        // A deadline for a hung build only; a healthy one takes well under a minute. The build is a process
        // tree (the wrapper, then Maven's JVM): all of it goes.
        if (!maven.waitFor(10, TimeUnit.MINUTES)) {
            maven.descendants().forEach(ProcessHandle::destroyForcibly);
            maven.destroyForcibly();
        }
        assertThat(maven.waitFor(30, TimeUnit.SECONDS) ? maven.exitValue() : -1)
                .as("the second build (%s):%n%s", log, tail(log)).isZero();

        for (var module : built.entrySet()) {
            Path again = jar(copy.resolve(module.getKey()).resolve("target")).orElseThrow();
            Path first = module.getValue();
            if (Files.mismatch(first, again) != -1) {
                assertThat(entries(again)).as("%s: the entries (name, time, digest) of two builds", module.getKey())
                        .isEqualTo(entries(first));
                assertThat(Files.readAllBytes(again)).as("%s: two builds' bytes", module.getKey())
                        .isEqualTo(Files.readAllBytes(first));
            }
        }
    }

    /** The module's main jar in {@code target} (not its sources, Javadoc or test jar). */
    private static java.util.Optional<Path> jar(Path target) throws IOException {
        if (!Files.isDirectory(target)) {
            return java.util.Optional.empty();
        }
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(f -> f.getFileName().toString().matches(".+-\\d[^-]*(-SNAPSHOT)?\\.jar")).findFirst();
        }
    }

    /** The checkout as a build needs it for {@link #MODULES}: the wrapper, every pom, and those modules' main sources. */
    private void copyCheckout(Path root) throws IOException {
        for (String file : List.of("pom.xml", "mvnw")) {
            Files.copy(root.resolve(file), copy.resolve(file), StandardCopyOption.COPY_ATTRIBUTES);
        }
        copyTree(root.resolve(".mvn"), copy.resolve(".mvn"));
        Matcher modules = MODULE.matcher(Files.readString(root.resolve("pom.xml")));
        while (modules.find()) {
            String module = modules.group(1);
            Files.createDirectories(copy.resolve(module));
            Files.copy(root.resolve(module).resolve("pom.xml"), copy.resolve(module).resolve("pom.xml"));
        }
        for (String module : MODULES) {
            copyTree(root.resolve(module).resolve("src").resolve("main"), copy.resolve(module).resolve("src").resolve("main"));
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path path : walk.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    /** Each entry's name, time and SHA-256, in the jar's order: what tells two jars apart when their bytes differ. */
    private static List<String> entries(Path jar) throws IOException {
        List<String> entries = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            zip.stream().forEach(entry -> entries.add(entry.getName() + " " + entry.getTime() + " " + digest(zip, entry)));
        }
        return entries;
    }

    private static String digest(ZipFile zip, ZipEntry entry) {
        try (InputStream in = zip.getInputStream(entry)) {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }
}
