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
 */
@Timeout(120)
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
        Path links = Files.createDirectory(dir.resolve("links"));
        Path link = Files.createSymbolicLink(links.resolve("mcphost"), home.resolve("bin/mcphost"));

        Run version = run(dir, "sh", link.toString(), "--version");
        Run tools = run(dir, link.toString(), "tools", "-l");

        assertThat(version.exit).as(version.output).isZero();
        assertThat(version.output).startsWith("mcphost ");
        assertThat(tools.exit).as(tools.output).isZero();
        assertThat(tools.output).contains("add a:number b:number");

        // An AOT cache the JVM cannot use (truncated, another JDK's) is ignored without a word.
        Path cache = dir.resolve("cache/mcphost");
        Files.createDirectories(cache);
        String key = run(dir, "sh", "-c", "printf '%s\\n%s\\n%s\\n' \"$1\" \"$2\" \"$3\" | cksum | cut -d' ' -f1; ls -ln \"$2/lib\""
                + " | cksum | cut -d' ' -f1", "sh", System.getProperty("java.home"), home.toRealPath().toString(),
                "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC").output.strip()
                .replace("\n", "-");
        Files.writeString(cache.resolve(key + ".aot"), "not an AOT cache");
        Run withBrokenCache = run(dir, true, link.toString(), "call", "add", "a=1", "b=2");
        assertThat(withBrokenCache.exit).as(withBrokenCache.output).isZero();
        assertThat(withBrokenCache.output).as("JDK " + Runtime.version().feature()).isEqualTo("3\n");
        try (var files = Files.list(cache)) { // the launcher took that file as its cache: no training run started
            assertThat(files.map(f -> f.getFileName().toString())).containsExactly(key + ".aot");
        }
    }

    private record Run(int exit, String output) { }

    private static Run run(Path cwd, String... command) throws IOException, InterruptedException {
        return run(cwd, false, command);
    }

    /** Runs a command in {@code cwd}; with {@code aot}, the launcher's AOT cache lives in cwd/cache, else it is off. */
    private static Run run(Path cwd, boolean aot, String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(List.of(command)).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        // The launcher's own choice of Java: this test's JDK, as a user's JAVA_HOME would name it.
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        // No background training run outliving the test; a user's cache directory is never touched.
        builder.environment().put("XDG_CACHE_HOME", cwd.resolve("cache").toString());
        builder.environment().put("MCPHOST_AOT", aot ? "1" : "0");
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Run(process.exitValue(), output);
    }
}
