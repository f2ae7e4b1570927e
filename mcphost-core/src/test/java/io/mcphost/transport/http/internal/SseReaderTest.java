package io.mcphost.transport.http.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The WHATWG event-stream interpretation rules, one by one. */
class SseReaderTest {

    private static SseReader reader(String text) {
        return new SseReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), 1024);
    }

    private static List<SseEvent> all(String text) throws IOException {
        SseReader reader = reader(text);
        List<SseEvent> events = new ArrayList<>();
        SseEvent event;
        while ((event = reader.next()) != null) {
            events.add(event);
        }
        return events;
    }

    @Test
    void multiLineDataJoinsWithNewlines() throws IOException {
        assertThat(all("data: first\ndata: second\n\n")).containsExactly(new SseEvent("message", "first\nsecond", ""));
    }

    @Test
    void crLfAndLoneCrEndLinesToo() throws IOException {
        assertThat(all("data: a\r\n\r\ndata: b\r\rdata: c\n\n")).extracting(SseEvent::data).containsExactly("a", "b", "c");
    }

    @Test
    void commentsAreIgnoredAndOnlyOneSpaceIsStripped() throws IOException {
        assertThat(all(": keep-alive\ndata:  two spaces\n\n")).extracting(SseEvent::data).containsExactly(" two spaces");
    }

    @Test
    void eventTypeIdAndRetryAreRead() throws IOException {
        SseReader reader = reader("event: endpoint\nid: 7\nretry: 1500\ndata: /message?s=1\n\n");

        assertThat(reader.next()).isEqualTo(new SseEvent("endpoint", "/message?s=1", "7"));
        assertThat(reader.lastEventId()).isEqualTo("7");
        assertThat(reader.retryMillis()).hasValue(1500);
    }

    @Test
    void theIdPersistsAcrossEventsAndAnEmptyIdResetsIt() throws IOException {
        assertThat(all("id: 1\ndata: a\n\ndata: b\n\nid\ndata: c\n\n")).extracting(SseEvent::id).containsExactly("1", "1", "");
    }

    @Test
    void anEventWithoutDataIsNotDispatchedButItsIdCounts() throws IOException {
        SseReader reader = reader("id: prime-1\ndata\n\nid: 2\n\n");

        SseEvent priming = reader.next();
        assertThat(priming).isEqualTo(new SseEvent("message", "", "prime-1"));
        assertThat(reader.next()).isNull();
        assertThat(reader.lastEventId()).isEqualTo("2");
    }

    @Test
    void invalidRetryAndIdsWithNulAreIgnored() throws IOException {
        SseReader reader = reader("retry: 10s\nid: a\0b\ndata: x\n\n");

        assertThat(reader.next().id()).isEmpty();
        assertThat(reader.retryMillis()).isEmpty();
    }

    @Test
    void aFieldWithoutColonHasAnEmptyValueAndUnknownFieldsAreIgnored() throws IOException {
        assertThat(all("data\nfoo: bar\ndata: x\n\n")).extracting(SseEvent::data).containsExactly("\nx");
    }

    @Test
    void anEventCutOffByTheEndOfTheStreamIsDiscarded() throws IOException {
        assertThat(all("data: whole\n\ndata: partial\n")).extracting(SseEvent::data).containsExactly("whole");
    }

    @Test
    void aLeadingByteOrderMarkIsSkipped() throws IOException {
        assertThat(all("\uFEFFdata: x\n\n")).extracting(SseEvent::data).containsExactly("x");
    }

    @Test
    void utf8IsDecodedAcrossTheWholeLine() throws IOException {
        assertThat(all("data: {\"text\":\"héllo ✓\"}\n\n")).extracting(SseEvent::data).containsExactly("{\"text\":\"héllo ✓\"}");
    }

    @Test
    void anOversizedEventEndsTheReadWithAClearError() {
        String big = "data: " + "x".repeat(600) + "\n";
        assertThatThrownBy(() -> all(big + big + "\n")).isInstanceOf(IOException.class).hasMessageContaining("larger than 1024 bytes");
        assertThatThrownBy(() -> all("data: " + "y".repeat(2000) + "\n\n")).isInstanceOf(IOException.class)
                .hasMessageContaining("longer than 1024 bytes");
    }

    @Test
    void anEventRefusedAsTooLargeDoesNotMoveTheResumePoint() throws IOException {
        String big = "data: " + "x".repeat(600) + "\n";
        SseReader reader = reader("id: 1\ndata: small\n\nid: 2\n" + big + big + "\n");
        assertThat(reader.next().id()).isEqualTo("1");
        assertThatThrownBy(reader::next).isInstanceOf(IOException.class).hasMessageContaining("larger than 1024 bytes");
        // Resuming from "1" makes the server send event 2 again, instead of skipping it unseen.
        assertThat(reader.lastEventId()).isEqualTo("1");
    }

    @Test
    void aPrimingEventWithAnIdButNoDataMovesTheResumePoint() throws IOException {
        SseReader reader = reader("id: prime\ndata\n\nid: 7\n\n");
        assertThat(reader.next().id()).isEqualTo("prime");
        assertThat(reader.next()).isNull();
        assertThat(reader.lastEventId()).isEqualTo("7");
    }
}
