package io.mcphost.server.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo server's child command line: its AOT cache when one is named and usable, else the JDK's CDS archive. */
class DemoServerCommandTest {
    @Test
    void aReadableCacheOnJdk25IsUsedInsteadOfXshare(@TempDir Path dir) throws Exception {
        Path cache = Files.writeString(dir.resolve("demo.aot"), "any bytes: the JVM itself checks them");

        assertThat(DemoServer.aotOptions(cache.toString(), 25)).containsExactly("-XX:AOTCache=" + cache, "-Xlog:aot=off", "-Xlog:cds=off");
        assertThat(DemoServer.aotOptions(cache.toString(), 21)).containsExactly("-Xshare:auto");
        assertThat(DemoServer.aotOptions(dir.resolve("missing.aot").toString(), 25)).containsExactly("-Xshare:auto");
        assertThat(DemoServer.aotOptions(null, 25)).containsExactly("-Xshare:auto");
        assertThat(DemoServer.aotOptions(" ", 25)).containsExactly("-Xshare:auto");
    }

    @Test
    void withoutThePropertyTheCommandKeepsXshareAuto() {
        assertThat(System.getProperty(DemoServer.AOT_CACHE_PROPERTY)).isNull();

        assertThat(DemoServer.command()).contains("-Xshare:auto").noneMatch(a -> a.startsWith("-XX:AOTCache"))
                .contains(DemoServer.class.getName());
    }
}
