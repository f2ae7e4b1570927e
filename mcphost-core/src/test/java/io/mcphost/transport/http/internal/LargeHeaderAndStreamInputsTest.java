package io.mcphost.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Adversarial inputs of 1 MiB a peer can send: an SSE line without end, a flood of empty lines or
 * data lines, a {@code WWW-Authenticate} of commas and quotes. Each finishes (a generous timeout, far
 * below the minutes a quadratic parser would take) with a value or a clean error.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LargeHeaderAndStreamInputsTest {
    private static final int MIB = 1024 * 1024;

    private static SseReader reader(String text, int limit) {
        return new SseReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), limit);
    }

    @Test
    void anSseLineOfOneMebibyteWithoutNewlineIsDroppedOrRefused() throws IOException {
        String line = "data: " + "x".repeat(MIB);
        assertThat(reader(line, 16 * MIB).next()).isNull(); // cut off by the end of the stream: discarded
        assertThatThrownBy(() -> reader(line, 64 * 1024).next()).isInstanceOf(IOException.class)
                .hasMessageContaining("longer than 65536 bytes");
    }

    @Test
    void aMebibyteOfLineEndingsOrDataLinesIsReadInOnePass() throws IOException {
        assertThat(reader("\r\n".repeat(MIB / 2) + "\r".repeat(MIB / 2), 16 * MIB).next()).isNull();
        SseEvent event = reader("data:\n".repeat(MIB / 6) + "\n", 16 * MIB).next();
        assertThat(event.data()).hasSize(MIB / 6 - 1).containsOnlyWhitespaces();
        assertThatThrownBy(() -> reader("data: y\n".repeat(MIB / 8) + "\n", 64 * 1024).next()).isInstanceOf(IOException.class)
                .hasMessageContaining("larger than 65536 bytes");
    }

    @Test
    void aWwwAuthenticateOfOneMebibyteOfCommasAndQuotesIsParsedInOnePass() {
        assertThat(HttpErrors.bearerChallenge(List.of("Bearer " + ",".repeat(MIB)))).containsOnlyKeys("scheme");
        assertThat(HttpErrors.bearerChallenge(List.of("Bearer realm=" + "\"".repeat(MIB)))).containsKey("realm");
        assertThat(HttpErrors.bearerChallenge(List.of("Bearer realm=\"" + "\\\",".repeat(MIB / 3) + "\"")))
                .containsEntry("realm", "\",".repeat(MIB / 3));
        assertThat(HttpErrors.bearerChallenge(List.of("=,\"".repeat(MIB / 3) + " Bearer a=b"))).isNotNull();
        assertThat(HttpErrors.bearerChallenge(List.of("Bearer " + "a=,".repeat(MIB / 3)))).containsEntry("a", "");
        assertThat(HttpErrors.bearerChallenge(List.of("Basic " + "Bearer ".repeat(MIB / 7)))).containsOnlyKeys("scheme");
    }

    @Test
    void aSessionIdIsVisibleAsciiOnly() {
        assertThat(SessionChecks.validSessionId("1868a90c-c6f4-4d7c-9f1d-6e6a0f3c7c6d")).isTrue();
        assertThat(SessionChecks.validSessionId("a~!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}")).isTrue();
        assertThat(SessionChecks.validSessionId("has space")).isFalse();
        assertThat(SessionChecks.validSessionId("tab\there")).isFalse();
        assertThat(SessionChecks.validSessionId("caf\u00e9")).isFalse();
        assertThat(SessionChecks.validSessionId("del\u007f")).isFalse();
    }
}
