package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.RecordingHandler;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a misbehaving server can make us log stays bounded (issue 14): 5,000 junk stdout lines, a
 * 100,000-character line, 2,000 stderr lines and a 1 MB stderr line. slf4j-simple, the test binding,
 * writes to whatever {@code System.err} is at the time, so the test counts what reaches it.
 */
@Timeout(60)
class StdioLogBoundsTest {

    @Test
    void junkAndStderrFloodsLeaveAFewBoundedLogRecordsWithCountsOfTheRest() throws Exception {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.err;
        var handler = new RecordingHandler();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try (var transport = StdioTransport.builder(Fixtures.bash("junk-flood.sh")).name("junk1000").build()) {
            transport.start(handler);
            Await.until(Duration.ofSeconds(30), () -> handler.messages().stream().anyMatch(m -> m instanceof JsonRpcNotification n
                    && n.params().map(p -> p.path("data").asString("")).orElse("").equals("the end")), "the last message");
            transport.close();
            // The summaries of what was only counted come when each stream ends.
            Await.until(Duration.ofSeconds(10), () -> {
                String text = captured.toString(StandardCharsets.UTF_8);
                return text.contains("more skipped lines") && text.contains("more stderr lines");
            }, "the summaries");
        } catch (AssertionError e) {
            original.println(captured.toString(StandardCharsets.UTF_8).lines().filter(l -> !l.contains("stderr line ") || l.contains("more"))
                    .map(l -> l.substring(0, Math.min(300, l.length()))).toList());
            throw e;
        } finally {
            System.setErr(original);
        }
        List<String> lines = captured.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains("junk1000")).toList();
        List<String> skipped = lines.stream().filter(l -> l.contains("skipped")).toList();
        List<String> stderr = lines.stream().filter(l -> l.contains("mcphost.server.junk1000")).toList();

        // Unbounded this was 5,001 WARN records and 2,124 stderr records (one per 8 KiB piece).
        assertThat(skipped).hasSizeLessThanOrEqualTo(10);
        assertThat(skipped).anySatisfy(l -> assertThat(l).containsPattern("… and \\d+ more skipped lines"));
        assertThat(stderr).hasSizeBetween(2, 110);
        assertThat(stderr).anySatisfy(l -> assertThat(l).containsPattern("… and \\d+ more stderr lines"));
        // No record longer than an excerpt plus its frame: never the 100,000 or 1,000,000 characters.
        assertThat(lines).allSatisfy(l -> assertThat(l.length()).isLessThan(1_000));
        assertThat(handler.messages()).hasSize(6);
    }
}
