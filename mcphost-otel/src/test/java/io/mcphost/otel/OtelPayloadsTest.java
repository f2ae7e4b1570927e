package io.mcphost.otel;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The bound on recorded arguments and results. */
class OtelPayloadsTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void aPayloadWithinTheBoundIsRecordedWhole() {
        assertThat(Payloads.bounded(JSON.readTree("{\"a\":1}"), 64)).isEqualTo("{\"a\":1}");
    }

    @Test
    void aLongPayloadIsCutAtACharacterBoundaryAndMarked() {
        String cut = Payloads.bounded(JSON.readTree("{\"text\":\"" + "é".repeat(100) + "\"}"), 64);

        assertThat(cut).endsWith(Payloads.TRUNCATED).doesNotContain("\uFFFD");
        assertThat(cut.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(64);
    }
}
