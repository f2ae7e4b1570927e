package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.Progress;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class ProgressBarTest {
    private static Progress progress(double done, double total, String message) {
        return new Progress(done, total > 0 ? OptionalDouble.of(total) : OptionalDouble.empty(), Optional.ofNullable(message));
    }

    @Test
    void aKnownTotalDrawsABarWithThePercentageAndTheMessage() {
        assertThat(ProgressBar.render(progress(1, 4, "copying"))).isEqualTo("[########......................]  25% copying");
        assertThat(ProgressBar.render(progress(4, 4, null))).isEqualTo("[##############################] 100%");
    }

    @Test
    void anUnknownTotalShowsTheCountOnly() {
        assertThat(ProgressBar.render(progress(7, 0, "files"))).isEqualTo("progress 7 files");
        assertThat(ProgressBar.render(progress(0.5, 0, null))).isEqualTo("progress 0.5");
    }

    @Test
    void withoutATerminalEachNotificationIsOnePlainLine() {
        StringWriter err = new StringWriter();
        ProgressBar bar = new ProgressBar(new PrintWriter(err), false, 100);

        bar.accept(progress(1, 2, "one"));
        bar.accept(progress(2, 2, "two"));
        bar.finish();

        assertThat(err.toString()).doesNotContain("\r").hasLineCount(2);
    }

    @Test
    void onATerminalTheBarIsRedrawnInPlaceAndFinishEndsTheLine() {
        StringWriter err = new StringWriter();
        ProgressBar bar = new ProgressBar(new PrintWriter(err), true, 100);

        bar.accept(progress(1, 2, "a long first message"));
        bar.accept(progress(2, 2, "short"));
        bar.finish();
        bar.finish();

        assertThat(err.toString()).startsWith("\r[").contains("\033[K\r[").endsWith("100% short\033[K" + System.lineSeparator());
    }

    @Test
    void onANarrowTerminalTheLineIsCutSoItNeverWraps() {
        StringWriter err = new StringWriter();
        ProgressBar bar = new ProgressBar(new PrintWriter(err), true, 40);

        bar.accept(progress(1, 2, "a message much too long for a forty-column terminal"));

        assertThat(err.toString().replace("\r", "").replace("\033[K", "")).hasSize(39);
    }

    @Test
    void finishWithoutAnyProgressPrintsNothing() {
        StringWriter err = new StringWriter();

        new ProgressBar(new PrintWriter(err), true, 100).finish();

        assertThat(err.toString()).isEmpty();
    }
}
