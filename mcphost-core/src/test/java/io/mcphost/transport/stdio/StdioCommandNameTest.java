package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.transport.InboundHandler;
import org.junit.jupiter.api.Test;

/**
 * A command line from a configuration file may be anything: the transport's default name comes from its
 * text without {@code Path.of} (which has no file name for {@code /} and refuses a NUL), and a program
 * that cannot exist fails {@code start} with a transport error, not an unchecked one from a path parser.
 * (The fuzzing campaign found {@code "command": "/"} ending a configuration load with a NullPointerException.)
 */
class StdioCommandNameTest {
    private static String nameOf(String program) {
        return StdioTransport.builder(program).build().settings().name();
    }

    @Test
    void theDefaultNameIsTheProgramsLastPathSegment() {
        assertThat(nameOf("/usr/bin/node")).isEqualTo("node");
        assertThat(nameOf("npx")).isEqualTo("npx");
        assertThat(nameOf("./bin/server/")).isEqualTo("server");
        assertThat(nameOf("/")).isEqualTo("stdio");
        assertThat(nameOf("")).isEqualTo("stdio");
        assertThat(nameOf("//")).isEqualTo("stdio");
        assertThat(nameOf("a\0b")).isEqualTo("a\0b");
    }

    @Test
    void aProgramWithANulCharacterFailsToStartWithATransportError() {
        StdioTransport transport = StdioTransport.builder("bin/a\0b").build();
        assertThatThrownBy(() -> transport.start(new InboundHandler() {
            @Override
            public void onMessage(JsonRpcMessage message) {
            }

            @Override
            public void onClosed(McpTransportException cause) {
            }
        })).isInstanceOf(McpTransportException.class);
        transport.close();
    }
}
