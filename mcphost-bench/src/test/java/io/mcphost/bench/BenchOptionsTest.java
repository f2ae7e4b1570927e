package io.mcphost.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.bench.scenario.Options;
import io.mcphost.bench.scenario.Row;
import io.mcphost.bench.subject.Library;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The command-line options (the TypeScript SDK's place beside the in-JVM libraries, caller counts) and the table. */
class BenchOptionsTest {
    @Test
    void tsSdkIsOnByDefaultButNeverAnInJvmLibrary() {
        Bench.ParsedArgs parsed = Bench.parse(new String[] {"--quick"});

        assertThat(parsed.options().tsSdk()).isTrue();
        assertThat(parsed.options().libraries()).containsExactly(Library.MCPHOST, Library.SDK_SYNC,
                Library.SDK_ASYNC, Library.FLOOR);
    }

    @Test
    void librariesOptionSplitsTsSdkFromTheInJvmOnes() {
        assertThat(Bench.parse(new String[] {"--libraries", "ts-sdk,mcphost"}).options())
                .satisfies(o -> assertThat(o.tsSdk()).isTrue())
                .satisfies(o -> assertThat(o.libraries()).containsExactly(Library.MCPHOST));
        assertThat(Bench.parse(new String[] {"--libraries", "mcphost,floor"}).options().tsSdk()).isFalse();
    }

    @Test
    void theModernClientsJoinByDefaultAndWhenNamed() {
        assertThat(Bench.parse(new String[] {}).options().modern()).containsExactly(Library.MCPHOST_MODERN, Library.SDK_MODERN);
        Options named = Bench.parse(new String[] {"--libraries", "mcphost,sdk-2026,floor"}).options();
        assertThat(named.libraries()).containsExactly(Library.MCPHOST, Library.FLOOR);
        assertThat(named.modern()).containsExactly(Library.SDK_MODERN);
        assertThat(named.callLibraries()).containsExactly(Library.MCPHOST, Library.FLOOR, Library.SDK_MODERN);
        assertThat(Bench.parse(new String[] {"--libraries", "mcphost,sdk-async,floor"}).options().modern()).isEmpty();
    }

    @Test
    void callersOptionPicksTheThroughputCallerCounts() {
        assertThat(Bench.parse(new String[] {"--callers", "16,64"}).options().callers()).containsExactly(16, 64);
        assertThat(Bench.parse(new String[] {}).options().callers()).containsExactly(1, 16, 64, 256);
        assertThatThrownBy(() -> Bench.parse(new String[] {"--callers", "16,0"}))
                .hasMessageContaining("--callers needs a positive number, got '0'");
    }

    @Test
    void onlyHttpsRunsTheTlsRowsAndNotThePlainOnes() {
        Options options = Bench.parse(new String[] {"--only", "https"}).options();

        assertThat(options.runs("https")).isTrue();
        assertThat(options.runs("http")).isFalse();
        assertThat(Bench.SCENARIOS).containsSubsequence("http", "https");
    }

    @Test
    void throughputWarmsEachLibraryUpWithAQuarterOfItsCallsAgain() {
        int calls = Bench.parse(new String[] {}).options().throughputCalls();

        // 16 warm-up callers: the official SDK needs tens of thousands of calls before its JIT settles
        assertThat(16L * Options.warmupPerCaller(calls)).isGreaterThanOrEqualTo(calls / 4).isGreaterThanOrEqualTo(50_000);
        assertThat(Options.warmupPerCaller(10)).isEqualTo(50);
    }

    @Test
    void gatewayIsAScenarioOfItsOwn() {
        Options options = Bench.parse(new String[] {"--quick", "--only", "gateway"}).options();

        assertThat(options.runs("gateway")).isTrue();
        assertThat(options.runs("http")).isFalse();
        assertThat(options.runs("gateway-idle")).isFalse(); // a scenario of its own, not part of --only gateway
        assertThat(Bench.SCENARIOS).endsWith("gateway", "gateway-idle", "replicas");
        assertThat(Bench.parse(new String[] {"--only", "gateway-idle"}).options().runs("gateway")).isFalse();
    }

    @Test
    void tableShowsTheTsRatioInItsOwnColumn() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Row row = new Row("roundtrip", "stdio server=floor", "mcphost", "us", 3, 10, 20, 12, 0.5, 0.6, 2.0, 0.25, "");

        Report.table(List.of(row), new PrintStream(bytes, true, StandardCharsets.UTF_8));

        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines[0]).contains("x/floor     x/ts");
        assertThat(lines[1]).containsSubsequence("0.50", "0.60", "2.00", "0.25");
    }
}
