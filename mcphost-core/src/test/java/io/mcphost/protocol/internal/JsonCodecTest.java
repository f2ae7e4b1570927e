package io.mcphost.protocol.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.lifecycle.Implementation;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class JsonCodecTest {
    private final JsonCodec codec = JsonCodec.get();

    @Test
    void requestIdsKeepTheirJsonType() {
        var numeric = (JsonRpcRequest) codec.decodeOne("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}");
        var textual = (JsonRpcRequest) codec.decodeOne("{\"jsonrpc\":\"2.0\",\"id\":\"7\",\"method\":\"ping\"}");

        assertThat(numeric.id()).isEqualTo(RequestId.of(7));
        assertThat(textual.id()).isEqualTo(RequestId.of("7"));
        assertThat(numeric.id()).isNotEqualTo(textual.id());
        assertThat(codec.encode(textual)).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"7\",\"method\":\"ping\"}");
    }

    @Test
    void eachKindIsRecognised() {
        assertThat(codec.decodeOne("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"))
                .isInstanceOf(JsonRpcNotification.class);
        assertThat(codec.decodeOne("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}")).isInstanceOf(JsonRpcResponse.class);
        var error = (JsonRpcErrorResponse) codec.decodeOne(
                "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}");
        assertThat(error.id()).isEmpty();
        assertThat(error.error().code()).isEqualTo(-32700);
    }

    @Test
    void aBatchDecodesIntoItsMessages() {
        assertThat(codec.decode("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}]")).hasSize(2);
    }

    @Test
    void junkIsAProtocolErrorNamingTheProblem() {
        assertThatThrownBy(() -> codec.decode("hello")).isInstanceOf(McpProtocolException.class)
                .hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> codec.decode("{\"jsonrpc\":\"1.0\",\"method\":\"x\"}"))
                .hasMessageContaining("\"jsonrpc\" must be \"2.0\"");
        assertThatThrownBy(() -> codec.decode("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"x\"}"))
                .hasMessageContaining("\"id\" must be a string or an integer");
    }

    /** A code wider than JSON-RPC's 32 bits is a protocol error, not Jackson's exception (found by JsonCodecFuzzTest). */
    @Test
    void anErrorCodeBeyond32BitsIsAProtocolError() {
        for (String code : new String[] {"4294967297", "-2147483649", "123456789012345678901234567890"}) {
            assertThatThrownBy(() -> codec.decode("{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":" + code + ",\"message\":\"x\"}}"))
                    .isInstanceOf(McpProtocolException.class).hasMessageContaining("32-bit");
        }
        JsonRpcErrorResponse widest = (JsonRpcErrorResponse) codec.decodeOne(
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-2147483648,\"message\":\"x\"}}");
        assertThat(widest.error().code()).isEqualTo(Integer.MIN_VALUE);
    }

    @Test
    void aWarmUpFromAboveGetsTheBuiltMapper() {
        CompletableFuture<JsonMapper> first = new CompletableFuture<>();
        codec.prepare(first::complete);
        assertThat(first).succeedsWithin(Duration.ofSeconds(30)).isSameAs(codec.mapper());

        // Once the mapper is built, a later warm-up still gets it (on a thread of its own).
        CompletableFuture<Thread> later = new CompletableFuture<>();
        codec.prepare(mapper -> later.complete(Thread.currentThread()));
        assertThat(later).succeedsWithin(Duration.ofSeconds(30)).isNotSameAs(Thread.currentThread());
    }

    @Test
    void aPlainReaderIsTriedFirstAndJacksonConvertsWhatItDeclines() {
        var tree = codec.readTree("{\"name\":\"n\",\"version\":\"1\"}");
        var fromReader = Implementation.of("read", "plainly");
        assertThat(codec.treeToValue(tree, Implementation.class, node -> fromReader)).isSameAs(fromReader);
        assertThat(codec.treeToValue(tree, Implementation.class, node -> null)).isEqualTo(Implementation.of("n", "1"));
    }
}
