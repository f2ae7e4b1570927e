package io.mcphost.config.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Megabyte-sized hostile env files read in linear time (issue 31). */
class EnvFileReaderHostileTest {
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aMegabyteOfEscapedQuotesIsReadInLinearTime() {
        String escaped = "K=\"" + "\\\"".repeat(1 << 19) + "\"";
        assertThat(EnvFileReader.parse(List.of(escaped)).get("K")).hasSize(1 << 19);
        assertThatThrownBy(() -> EnvFileReader.parse(List.of("K=\"" + "\\\"".repeat(1 << 19))))
                .isInstanceOf(EnvFileReader.MalformedLine.class)
                .hasMessage("line 1 has an unclosed quote");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aMegabyteNameOrValueIsReadInLinearTime() {
        assertThat(EnvFileReader.parse(List.of("A".repeat(1 << 20) + "=" + "v #".repeat(1 << 18)))).hasSize(1);
    }
}
