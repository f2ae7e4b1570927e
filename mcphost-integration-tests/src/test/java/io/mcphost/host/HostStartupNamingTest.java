package io.mcphost.host;

import static io.mcphost.host.HostFixtures.inProcess;
import static io.mcphost.host.HostFixtures.labelled;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Names given at start-up do not depend on which server was ready first: the servers start in parallel, and
 * until the start-up is over every catalog is named in configuration order; only then are exposed names
 * kept. (Kept from the first catalog, a name went to whichever server was quickest: a loaded build once saw
 * the second server's skill take the unprefixed name.) The test makes the later server ready first, for sure.
 */
@Timeout(30)
class HostStartupNamingTest {
    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    @Test
    void theFirstConfiguredServerKeepsTheNameWhenTheSecondIsReadyFirst() throws Exception {
        CountDownLatch betaCatalogued = new CountDownLatch(1);
        AtomicBoolean waited = new AtomicBoolean();
        McpHost host = McpHost.builder().naming(ToolNaming.unprefixed())
                .onEvent(event -> {
                    if (event instanceof HostEvent.CatalogChanged changed && changed.server().equals("beta")) {
                        betaCatalogued.countDown();
                    }
                })
                // alpha connects only once a catalog with beta's tool exists
                .server(inProcess("alpha", () -> {
                    try {
                        waited.set(betaCatalogued.await(20, TimeUnit.SECONDS));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return labelled("alpha", "echo");
                }, toClose).build())
                .server(inProcess("beta", () -> labelled("beta", "echo"), toClose).build())
                .start();
        toClose.add(host);

        assertThat(waited).as("beta was in a catalog before alpha connected").isTrue();
        assertThat(host.tools()).extracting(HostTool::name, HostTool::server)
                .containsExactly(tuple("echo", "alpha"), tuple("beta__echo", "beta"));

        assertThat(host.callTool("echo", tools.jackson.databind.node.JsonNodeFactory.instance.objectNode()).text())
                .isEqualTo("alpha:echo:");
    }
}
