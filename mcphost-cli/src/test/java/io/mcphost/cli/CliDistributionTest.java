package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution archive as a user gets it: extracted, its {@code bin/mcphost} reached through a
 * symlink (as in {@code ~/bin}), run by {@code sh}. Runs in the integration-test phase, after package,
 * when the pom names the archive in {@code mcphost.distribution}; skipped in the test phase.
 *
 * <p>Ten launcher runs, one of them training two AOT caches: about 20 s on an idle machine, 490 s in a
 * verify run beside a CPU burner. The timeout only guards against a hang, so it leaves room for the load.
 */
@Timeout(900)
class CliDistributionTest {
    private static final String ARCHIVE = System.getProperty("mcphost.distribution");

    @TempDir
    Path dir;

    @Test
    void theLauncherRunsTheDemoServerThroughASymlink() throws Exception {
        assumeTrue(ARCHIVE != null && Files.isRegularFile(Path.of(ARCHIVE)), "runs after package, on the archive");
        assertThat(run(dir, "tar", "xzf", ARCHIVE).exit).isZero();
        Path home;
        try (var top = Files.list(dir)) {
            home = top.filter(p -> p.getFileName().toString().startsWith("mcphost-")).findFirst().orElseThrow();
        }
        assertThat(home.resolve("lib/mcphost-cli.jar")).isRegularFile();
        assertThat(Files.isExecutable(home.resolve("bin/mcphost"))).isTrue();
        // The archive's own Java runtime, with the helper it starts processes through (the demo server below).
        assertThat(Files.isExecutable(home.resolve("runtime/bin/java"))).isTrue();
        assertThat(Files.isExecutable(home.resolve("runtime/lib/jspawnhelper"))).isTrue();
        Path links = Files.createDirectory(dir.resolve("links"));
        Path link = Files.createSymbolicLink(links.resolve("mcphost"), home.resolve("bin/mcphost"));

        Run version = run(dir, "sh", link.toString(), "--version");
        Run tools = run(dir, link.toString(), "tools", "-l");

        assertThat(version.exit).as(version.output).isZero();
        assertThat(version.output).startsWith("mcphost ");
        assertThat(tools.exit).as(tools.output).isZero();
        assertThat(tools.output).contains("add a:number b:number");

        // `serve` is a server: the JVM's defaults (tiered up to C2, G1), where a one-shot command gets C1 alone
        // and the serial collector for its second of work.
        Files.writeString(dir.resolve("gateway.json"), "{\"mcpServers\":{}}");
        Run serveFlags = run(dir, "0", List.of("-XX:+PrintFlagsFinal"), link.toString(), "--config", "gateway.json",
                "serve", "--help");
        Run oneShotFlags = run(dir, "0", List.of("-XX:+PrintFlagsFinal"), link.toString(), "--version");
        assertThat(serveFlags.exit).as(serveFlags.output).isZero();
        assertThat(flag(serveFlags.output, "TieredStopAtLevel")).isEqualTo("4");
        assertThat(flag(serveFlags.output, "UseSerialGC")).isEqualTo("false");
        assertThat(flag(oneShotFlags.output, "TieredStopAtLevel")).isEqualTo("1");
        assertThat(flag(oneShotFlags.output, "UseSerialGC")).isEqualTo("true");

        // A machine whose Java is 17 (JAVA_HOME and PATH): the launcher runs its own runtime all the same.
        Path java17 = fakeJava(dir.resolve("java17"), "17.0.12");
        Run onJava17 = run(dir, "0", List.of(), java17, null, link.toString(), "call", "add", "a=1", "b=2");
        assertThat(onJava17.exit).as(onJava17.output).isZero();
        assertThat(onJava17.output).isEqualTo("3\n");
        // MCPHOST_JAVA_HOME names the Java to run instead; one too old is refused with what is needed.
        Run tooOld = run(dir, "0", List.of(), java17, java17, link.toString(), "--version");
        assertThat(tooOld.exit).isEqualTo(2);
        assertThat(tooOld.output).contains("needs Java 21 or newer").contains("is Java 17");

        assumeTrue(Runtime.version().feature() >= 25, "the AOT cache needs JDK 25");
        // MCPHOST_AOT=train makes the cache before the command runs; the next run loads its classes from it.
        Path cache = dir.resolve("cache/mcphost");
        Run trained = run(dir, "train", List.of(), link.toString(), "call", "add", "a=1", "b=2");
        assertThat(trained.exit).as(trained.output).isZero();
        assertThat(trained.output).isEqualTo("3\n");
        List<String> files = files(cache);
        // The CLI's cache, the embedded demo server's, and the mark that training was tried.
        assertThat(files).hasSize(3).anyMatch(f -> f.endsWith(".demo.aot")).anyMatch(f -> f.endsWith(".aot.tried"))
                .anyMatch(f -> f.endsWith(".aot") && !f.endsWith(".demo.aot"));
        Path classes = dir.resolve("classes.txt");
        Run cached = run(dir, "1", List.of("-Xlog:class+load=info:file=" + classes), link.toString(), "call", "add", "a=1", "b=2");
        assertThat(cached.output).isEqualTo("3\n");
        assertThat(Files.readAllLines(classes)).as("JDK " + Runtime.version().feature())
                .anyMatch(l -> l.contains(" io.mcphost.cli.Main source: shared objects file"))
                .anyMatch(l -> l.contains(" io.mcphost.client.internal.RealMcpClient source: shared objects file"));

        // An AOT cache the JVM cannot use (truncated, another JDK's) is ignored without a word.
        Path aot = cache.resolve(files.stream().filter(f -> f.endsWith(".aot") && !f.endsWith(".demo.aot")).findFirst().orElseThrow());
        Files.writeString(aot, "not an AOT cache");
        Files.writeString(cache.resolve(files.stream().filter(f -> f.endsWith(".demo.aot")).findFirst().orElseThrow()), "nor this");
        Run withBrokenCache = run(dir, "1", List.of(), link.toString(), "call", "add", "a=1", "b=2");
        assertThat(withBrokenCache.exit).as(withBrokenCache.output).isZero();
        assertThat(withBrokenCache.output).isEqualTo("3\n");
        // The launcher took that file as its cache: no training run started, nothing was added.
        assertThat(files(cache)).isEqualTo(files);
        assertThat(Files.readString(aot)).isEqualTo("not an AOT cache");
    }

    /** A flag's value as {@code -XX:+PrintFlagsFinal} printed it. */
    private static String flag(String output, String name) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\s" + name + "\\s+:?=\\s+(\\S+)").matcher(output);
        assertThat(m.find()).as(name + " in " + output.length() + " characters of output").isTrue();
        return m.group(1);
    }

    private static List<String> files(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    private record Run(int exit, String output) { }

    private static Run run(Path cwd, String... command) throws IOException, InterruptedException {
        return run(cwd, "0", List.of(), command);
    }

    private static Run run(Path cwd, String aot, List<String> javaOptions, String... command) throws IOException, InterruptedException {
        return run(cwd, aot, javaOptions, Path.of(System.getProperty("java.home")), null, command);
    }

    /** A Java 17 as the launcher sees one (its release file); its java fails loudly if it is ever run. */
    private static Path fakeJava(Path home, String version) throws IOException {
        Path bin = Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
        Path launcher = bin.resolve("java");
        Files.writeString(launcher, "#!/bin/sh\necho 'the Java 17 of the machine was run' >&2\nexit 99\n");
        Files.setPosixFilePermissions(launcher, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        return home;
    }

    /**
     * Runs a command in {@code cwd} with the launcher's AOT cache in cwd/cache, set up as {@code aot}
     * says ({@code MCPHOST_AOT}: 0 off, 1 on, train), {@code javaOptions} in {@code MCPHOST_JAVA_OPTS}, the
     * machine's Java {@code javaHome} (JAVA_HOME and first on the PATH), and {@code MCPHOST_JAVA_HOME} unless null.
     */
    private static Run run(Path cwd, String aot, List<String> javaOptions, Path javaHome, Path mcphostJavaHome,
                           String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(List.of(command)).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        // The machine's Java as a user's JAVA_HOME and PATH would name it (the launcher prefers its own runtime).
        builder.environment().put("JAVA_HOME", javaHome.toString());
        builder.environment().put("PATH", javaHome.resolve("bin") + ":" + System.getenv("PATH"));
        if (mcphostJavaHome != null) {
            builder.environment().put("MCPHOST_JAVA_HOME", mcphostJavaHome.toString());
        } else {
            builder.environment().remove("MCPHOST_JAVA_HOME");
        }
        // No background training run outliving the test; a user's cache directory is never touched.
        builder.environment().put("XDG_CACHE_HOME", cwd.resolve("cache").toString());
        builder.environment().put("MCPHOST_AOT", aot);
        builder.environment().put("MCPHOST_JAVA_OPTS", String.join(" ", javaOptions));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Run(process.exitValue(), output);
    }
}
