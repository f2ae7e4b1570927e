package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.content.AudioContent;
import io.mcphost.protocol.content.ContentBlock;
import io.mcphost.protocol.content.EmbeddedResource;
import io.mcphost.protocol.content.ImageContent;
import io.mcphost.protocol.content.ResourceLink;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.content.TextResourceContents;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class PrinterTest {
    private final StringWriter out = new StringWriter();
    private final Printer printer = new Printer(new PrintWriter(out), false, 60);

    @Test
    void tablesAlignTheSecondColumnAndCutLongDescriptionsToTheWidth() {
        printer.table(List.of(new String[] {"echo", "Returns the text."},
                new String[] {"slow_task", "Works for a while in steps, reporting progress after each one, and more words."}));

        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).isEqualTo("echo       Returns the text.");
        assertThat(lines.get(1)).hasSize(60).startsWith("slow_task  Works for a while").endsWith("…");
    }

    @Test
    void aNameLongerThanTheColumnGetsItsOwnLineSoDescriptionsStayAligned() {
        String uri = "file:///a/very/long/path/to/some/resource/that/goes/on/and/on.txt";
        printer.table(List.of(new String[] {"demo://readme", "The readme."}, new String[] {uri, "A long one."}));

        List<String> lines = out.toString().lines().toList();
        int column = lines.get(0).indexOf("The readme.");
        assertThat(lines).hasSize(3);
        assertThat(lines.get(1)).isEqualTo(uri);
        assertThat(lines.get(2).indexOf("A long one.")).isEqualTo(column);
    }

    @Test
    void descriptionsSpanningLinesAreFoldedIntoOne() {
        printer.table(List.<String[]>of(new String[] {"x", "first line\n  second line"}));

        assertThat(out.toString().strip()).isEqualTo("x  first line second line");
    }

    @Test
    void contentBlocksPrintTextAsIsAndSummariseTheRest() {
        List<ContentBlock> blocks = List.of(
                TextContent.of("hello\nworld"),
                ImageContent.of("iVBORw0KGgo=", "image/png"),
                AudioContent.of("AAAA", "audio/wav"),
                ResourceLink.of("file:///tmp/a.txt", "a.txt"),
                EmbeddedResource.of(TextResourceContents.of("demo://readme", "text/markdown", "# hi")));

        printer.content(blocks);

        assertThat(out.toString().lines()).containsExactly("hello", "world", "[image/png, 8 bytes]",
                "[audio/wav, 3 bytes]", "[link] file:///tmp/a.txt (a.txt)", "[resource] demo://readme (4 chars of text)");
    }

    @Test
    void base64SizesAccountForPadding() {
        assertThat(Printer.base64Bytes("")).isZero();
        assertThat(Printer.base64Bytes("QQ==")).isEqualTo(1);
        assertThat(Printer.base64Bytes("QUI=")).isEqualTo(2);
        assertThat(Printer.base64Bytes("QUJD")).isEqualTo(3);
    }
}
