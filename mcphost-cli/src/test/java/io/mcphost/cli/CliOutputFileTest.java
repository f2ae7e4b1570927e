package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -o FILE} for results and resources, and the tool-error mark on stderr. */
class CliOutputFileTest {
    @Test
    void anImageResultIsSavedDecoded(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("tiny.png");

        CliRun r = CliRun.of("--stdio", EverythingFixture.stdio(), "call", "get-tiny-image", "-o", file.toString());

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("saved", "image/png", file.toString());
        byte[] bytes = Files.readAllBytes(file);
        assertThat(bytes).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
    }

    @Test
    void aResourceIsSavedInsteadOfPrinted(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("readme.md");

        CliRun r = CliRun.of("read", "demo://readme", "-o", file.toString());

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(Files.readString(file)).isNotBlank();
    }

    @Test
    void aToolErrorIsMarkedOnStderrAndNotInJsonMode() {
        CliRun human = CliRun.of("call", "fail");
        CliRun json = CliRun.of("--json", "call", "fail");

        assertThat(human.err()).contains("tool 'fail' returned an error");
        assertThat(json.err()).doesNotContain("returned an error");
        assertThat(json.code()).isEqualTo(ExitCode.TOOL_ERROR);
    }
}
