package io.mcphost.cli;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.Era;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.modern.ModernMethods;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code mcphost ping}: one round trip to the server, timed (the handshake is not counted). */
@Command(name = "ping", description = "Ping the server and print the round-trip time.",
        footer = {"", "Examples:", "  mcphost ping", "  mcphost --url http://localhost:3001/mcp --timeout 5s ping",
            "  mcphost --config mcp.json --server memory ping"})
final class PingCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Override
    public Integer call() {
        try (Target target = root.open(McpHostCommand.Need.oneServer())) {
            McpClient client = target.client();
            long start = System.nanoTime();
            if (client.era() == Era.MODERN) {
                // Revision 2026-07-28 has no ping; server/discover is its cheapest round trip.
                client.request(ModernMethods.SERVER_DISCOVER, null, CallOptions.defaults());
            } else {
                client.ping();
            }
            double ms = (System.nanoTime() - start) / 1e6;
            if (root.json.output()) {
                root.printer().json(Map.of("roundTripMillis", ms));
            } else {
                root.out().printf("pong from %s in %.2f ms%n", client.name(), ms);
                root.out().flush();
            }
            return ExitCode.OK;
        }
    }
}
