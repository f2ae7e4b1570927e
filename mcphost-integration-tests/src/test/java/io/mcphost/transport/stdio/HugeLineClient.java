package io.mcphost.transport.stdio;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.testkit.faults.FaultyServers;
import java.time.Duration;

/**
 * Run as a child JVM with a small heap by {@link FaultMatrixStreamsTest}: connects to a server that
 * writes one line of {@code args[0]} bytes before its first answer, makes two calls and prints their
 * answers and the peak heap. It exits 0 only when both calls were answered.
 */
public final class HugeLineClient {
    private HugeLineClient() {
    }

    public static void main(String[] args) {
        long bytes = Long.parseLong(args[0]);
        var transport = FaultyServers.stdio().hugeLine(bytes).transport("huge").build();
        try (McpClient client = McpClient.builder(transport).name("huge").requestTimeout(Duration.ofSeconds(60)).connect()) {
            String first = ((TextContent) client.callTool("echo", null).content().getFirst()).text();
            String second = ((TextContent) client.callTool("echo", null).content().getFirst()).text();
            long peak = java.lang.management.ManagementFactory.getMemoryPoolMXBeans().stream()
                    .filter(p -> p.getType() == java.lang.management.MemoryType.HEAP)
                    .mapToLong(p -> p.getPeakUsage().getUsed()).sum();
            System.out.println("answers " + first + " / " + second + " peak-heap " + peak / (1024 * 1024) + " MiB");
        }
        System.exit(0);
    }
}
