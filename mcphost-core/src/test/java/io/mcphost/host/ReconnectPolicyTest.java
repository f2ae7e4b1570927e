package io.mcphost.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReconnectPolicyTest {
    @Test
    void delaysDoubleUpToTheCapWithoutJitter() {
        ReconnectPolicy p = ReconnectPolicy.exponential(Duration.ofMillis(100), Duration.ofSeconds(1), 0, 50);
        assertThat(p.delay(1)).isEqualTo(Duration.ofMillis(100));
        assertThat(p.delay(2)).isEqualTo(Duration.ofMillis(200));
        assertThat(p.delay(4)).isEqualTo(Duration.ofMillis(800));
        assertThat(p.delay(5)).isEqualTo(Duration.ofSeconds(1));
        assertThat(p.delay(50)).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void jitterSpreadsDelaysWithinItsBand() {
        ReconnectPolicy p = ReconnectPolicy.exponential(Duration.ofSeconds(1), Duration.ofSeconds(1), 0.2, 3);
        var delays = java.util.stream.IntStream.range(0, 200).mapToObj(i -> p.delay(1).toMillis()).toList();
        assertThat(delays).allMatch(d -> d >= 800 && d <= 1200);
        assertThat(delays.stream().distinct().count()).isGreaterThan(10);
    }

    @Test
    void neverIsOffAndBadSettingsAreRefusedWithTheirName() {
        assertThat(ReconnectPolicy.never().enabled()).isFalse();
        assertThat(ReconnectPolicy.defaults().enabled()).isTrue();
        assertThatThrownBy(() -> ReconnectPolicy.exponential(Duration.ofSeconds(2), Duration.ofSeconds(1), 0, 1))
                .hasMessageContaining("maxDelay");
        assertThatThrownBy(() -> ReconnectPolicy.exponential(Duration.ofSeconds(1), Duration.ofSeconds(1), 1.5, 1))
                .hasMessageContaining("jitter");
        assertThatThrownBy(() -> ReconnectPolicy.exponential(Duration.ofSeconds(1), Duration.ofSeconds(1), 0, 0))
                .hasMessageContaining("maxAttempts");
    }
}
