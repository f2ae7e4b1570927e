package io.mcphost.bench.subject;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Era;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The 2026-07-28 subjects: both clients answer correctly through the toolkit server, in that era. */
class ModernSubjectsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Test
    void theSdkModernClientEchoesThroughTheToolkitServer() {
        try (Subject sdk = Subjects.connect(Library.SDK_MODERN, ServerKind.floor().modern(), TIMEOUT)) {
            assertThat(sdk).isInstanceOf(Subjects.SdkModernSubject.class);
            assertThat(sdk.echo("hello")).isEqualTo("hello");
            assertThat(sdk.echo("second")).isEqualTo("second");
            assertThat(sdk.listTools()).isEqualTo(1);
        }
    }

    @Test
    void mcphostsModernClientSpeaks20260728ToTheToolkitServer() {
        try (Subject host = Subjects.connect(Library.MCPHOST_MODERN, ServerKind.floor().modern(), TIMEOUT)) {
            assertThat(((Subjects.McpHostSubject) host).client().era()).isEqualTo(Era.MODERN);
            assertThat(host.echo("hello")).isEqualTo("hello");
            assertThat(host.listTools()).isEqualTo(1);
        }
    }

    @Test
    void eachServerKindNamesItsModernCounterpart() {
        assertThat(ServerKind.floor().modern().name()).isEqualTo("toolkit");
        assertThat(ServerKind.demo().modern()).isEqualTo(ServerKind.demo());
        assertThat(new ServerKind("everything", List.of("node", "index.js", "stdio"), "message").modern())
                .as("server-everything answers the legacy era only").isNull();
        assertThat(Library.modern()).containsExactly(Library.MCPHOST_MODERN, Library.SDK_MODERN);
        assertThat(Library.inJvm()).noneMatch(Library::modernEra);
    }
}
