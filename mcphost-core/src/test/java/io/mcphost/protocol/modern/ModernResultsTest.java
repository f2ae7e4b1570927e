package io.mcphost.protocol.modern;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.internal.JsonCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ModernResultsTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    @Test
    void aTtlIsANonNegativeLong() {
        assertThat(ModernResults.ttlMs(CODEC.readTree("{\"ttlMs\":9223372036854775807}"))).contains(Long.MAX_VALUE);
        assertThat(ModernResults.ttlMs(CODEC.readTree("{\"ttlMs\":0}"))).contains(0L);
    }

    /** A server's ttl wider than a long (or not whole, or negative) is no ttl, not Jackson's exception (ModernResultsFuzzTest). */
    @ParameterizedTest
    @ValueSource(strings = {"99999999999999999999", "-99999999999999999999", "-1", "1.5e3", "1e400", "\"60000\"", "null"})
    void anythingElseIsNoTtl(String ttl) {
        assertThat(ModernResults.ttlMs(CODEC.readTree("{\"ttlMs\":" + ttl + "}"))).isEmpty();
    }
}
