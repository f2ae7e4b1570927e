package io.mcphost.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestIdTest {
    @Test
    void idsAreEqualByTypeAndValue() {
        assertThat(RequestId.of(7)).isEqualTo(RequestId.of(7)).hasSameHashCodeAs(RequestId.of(7));
        assertThat(RequestId.of(7)).isNotEqualTo(RequestId.of(8));
        assertThat(RequestId.of(7)).isNotEqualTo(RequestId.of("7"));
        assertThat(RequestId.of("7")).isNotEqualTo(RequestId.of(7));
        assertThat(RequestId.of(-1L)).isEqualTo(new RequestId.NumberId(-1L));
        assertThat(RequestId.of(7).equals(null)).isFalse();
    }

    @Test
    void aNumberIdFindsItsEntryInAMapAcrossTheWholeLongRange() {
        Map<RequestId, String> map = new HashMap<>();
        for (long value : new long[] {0, 1, 42, -1, Integer.MAX_VALUE + 1L, Long.MAX_VALUE, Long.MIN_VALUE}) {
            map.put(RequestId.of(value), "n" + value);
        }
        for (long value : new long[] {0, 1, 42, -1, Integer.MAX_VALUE + 1L, Long.MAX_VALUE, Long.MIN_VALUE}) {
            assertThat(map.get(new RequestId.NumberId(value))).isEqualTo("n" + value);
        }
        assertThat(map).hasSize(7);
    }
}
