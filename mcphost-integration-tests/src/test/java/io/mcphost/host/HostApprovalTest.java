package io.mcphost.host;

import static io.mcphost.host.HostFixtures.args;
import static io.mcphost.host.HostFixtures.inProcess;
import static io.mcphost.host.HostFixtures.labelled;
import static io.mcphost.host.HostFixtures.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.tools.CallToolResult;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code autoApprove}: listed tools are called without asking; the others go to the host's approval. */
class HostApprovalTest {
    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private McpHostBuilder notes() {
        return McpHost.builder().server(inProcess("notes", () -> labelled("notes", "read", "write"), toClose)
                .autoApprove("read").build());
    }

    @Test
    void autoApprovedToolsAreNotAskedAboutAndTheOthersAre() {
        List<String> asked = new CopyOnWriteArrayList<>();
        try (McpHost host = notes().approval(call -> asked.add(call.server() + "/" + call.toolName())).start()) {
            assertThat(text(host.callTool("notes__read", args("text", "a")))).isEqualTo("notes:read:a");
            assertThat(text(host.callTool("notes__write", args("text", "b")))).isEqualTo("notes:write:b");

            assertThat(asked).containsExactly("notes/write");
        }
    }

    @Test
    void aRefusedCallIsAToolErrorAndIsNotSentNorSeenByInterceptors() {
        List<String> intercepted = new CopyOnWriteArrayList<>();
        try (McpHost host = notes().approval(call -> false)
                .interceptor(chain -> {
                    intercepted.add(chain.call().toolName());
                    return chain.proceed(chain.call());
                }).start()) {
            CallToolResult refused = host.callTool("notes__write", args("text", "b"));
            CallToolResult auto = host.callTool("notes__read", args("text", "a"));

            assertThat(refused.isError()).isTrue();
            assertThat(text(refused)).isEqualTo("tool 'notes__write' was not approved; it was not called");
            assertThat(text(auto)).isEqualTo("notes:read:a");
            assertThat(intercepted).as("the approval runs first").containsExactly("read");
        }
    }

    @Test
    void withoutAnApprovalEveryToolIsCalledAsBefore() {
        try (McpHost host = notes().start()) {
            assertThat(text(host.callTool("notes__write", args("text", "b")))).isEqualTo("notes:write:b");
        }
    }
}
