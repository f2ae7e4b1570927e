package io.mcphost.transport.stdio;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.internal.JsonCodec;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * A fixture server run as a child JVM: answers every request with a response whose result is the
 * request's params, and exits when stdin ends. A request whose params hold {@code "delayMs"} is
 * answered that much later; one holding {@code "notify": true} is preceded by a notification
 * {@code echo/before} carrying the same params.
 */
public final class EchoServer {
    private EchoServer() {
    }

    public static void main(String[] args) throws Exception {
        JsonCodec codec = JsonCodec.get();
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            for (JsonRpcMessage message : codec.decode(line)) {
                if (message instanceof JsonRpcRequest request) {
                    var result = request.params().orElseGet(codec::newObject);
                    if (result.has("delayMs")) {
                        Thread.sleep(result.get("delayMs").asLong());
                    }
                    if (result.path("notify").asBoolean(false)) {
                        out.print(codec.encode(io.mcphost.protocol.JsonRpcNotification.of("echo/before", result)) + "\n");
                    }
                    out.print(codec.encode(new JsonRpcResponse(request.id(), result)) + "\n");
                    out.flush();
                }
            }
        }
    }
}
