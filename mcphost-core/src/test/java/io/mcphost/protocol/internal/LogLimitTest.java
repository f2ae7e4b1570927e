package io.mcphost.protocol.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

class LogLimitTest {
    /** A logger that keeps what it is given, formatted. */
    static final class Recording extends LegacyAbstractLogger {
        final List<String> records = new ArrayList<>();

        @Override
        protected String getFullyQualifiedCallerName() {
            return null;
        }

        @Override
        protected void handleNormalizedLoggingCall(Level level, Marker marker, String format, Object[] args, Throwable t) {
            records.add(level + " " + MessageFormatter.basicArrayFormat(format, args));
        }

        @Override public boolean isTraceEnabled() { return true; }
        @Override public boolean isDebugEnabled() { return true; }
        @Override public boolean isInfoEnabled() { return true; }
        @Override public boolean isWarnEnabled() { return true; }
        @Override public boolean isErrorEnabled() { return true; }
    }

    @Test
    void aFloodIsLoggedAsTheFirstFewAndOneSummaryPerWindow() {
        AtomicLong now = new AtomicLong();
        LogLimit limit = new LogLimit(3, Duration.ofSeconds(10), now::get);
        Recording log = new Recording();
        for (int i = 0; i < 1000; i++) {
            limit.log(log, Level.WARN, "junk lines", "junk {}", i);
        }
        now.addAndGet(Duration.ofSeconds(11).toNanos());
        limit.log(log, Level.WARN, "junk lines", "junk {}", 1000);
        limit.log(log, Level.WARN, "junk lines", "junk {}", 1001);
        limit.flush(log, Level.WARN, "junk lines");

        assertThat(log.records).containsExactly("WARN junk 0", "WARN junk 1", "WARN junk 2",
                "WARN … and 997 more junk lines (not logged one by one: at most a few per interval)",
                "WARN junk 1000", "WARN junk 1001");
    }

    @Test
    void excerptsAreBoundedEscapedAndSayHowMuchWasCut() {
        assertThat(LogLimit.bounded("x".repeat(10_000))).hasSize(512 + " … (9488 more)".length() - 1)
                .endsWith("x… (9488 more)");
        assertThat(LogLimit.bounded("a\nforged INFO", 100)).isEqualTo("a\\u000aforged INFO");
        assertThat(LogLimit.bounded("short")).isEqualTo("short");
    }
}
