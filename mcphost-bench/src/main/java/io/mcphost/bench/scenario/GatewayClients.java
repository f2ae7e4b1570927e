package io.mcphost.bench.scenario;

import io.mcphost.bench.subject.Subject;
import io.mcphost.bench.subject.Subjects;
import io.mcphost.client.McpClient;
import io.mcphost.host.HostTool;
import io.mcphost.host.McpHost;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.transport.http.HttpTransport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * How the gateway scenarios ({@link GatewayScenarios}, {@link GatewayIdleScenarios}, {@link ReplicaScenarios})
 * talk to a gateway: McpHost's client on its endpoint calling the echo tool, the first client of a gateway
 * just started retried while its upstream starts, sessions kept per caller thread, and the in-process host
 * they are measured against. Stateless; the subjects are as thread-safe as the clients they wrap.
 */
final class GatewayClients {
    /** How long a gateway may take to start and to answer its first call (npm gateways start their upstream first). */
    static final Duration START = Duration.ofSeconds(90);

    private GatewayClients() {
    }

    /** Each caller thread keeps one session of the list, handed out in turn. */
    static final class StickySessions implements Subject {
        private final List<Subject> sessions;
        private final AtomicInteger next = new AtomicInteger();
        private final ThreadLocal<Subject> mine;

        StickySessions(List<Subject> sessions) {
            this.sessions = List.copyOf(sessions);
            this.mine = ThreadLocal.withInitial(() -> this.sessions.get(Math.floorMod(next.getAndIncrement(), this.sessions.size())));
        }

        @Override
        public String echo(String text) {
            return mine.get().echo(text);
        }

        @Override
        public int listTools() {
            return mine.get().listTools();
        }

        @Override
        public void close() {
            // the sessions are closed by their owner
        }
    }

    /** The host in this JVM: what the gateway forwards through, minus HTTP and the gateway. */
    record HostSubject(McpHost host, String tool) implements Subject {
        @Override
        public String echo(String text) {
            return text(host.callTool(tool, JsonNodeFactory.instance.objectNode().put("text", text)));
        }

        @Override
        public int listTools() {
            return host.tools().size();
        }

        @Override
        public void close() {
            // closed by the scenario
        }
    }

    private static String text(CallToolResult result) {
        return result.content().getFirst() instanceof TextContent t ? t.text() : null;
    }

    static String echoTool(McpHost host) {
        return host.tools().stream().map(HostTool::name).filter(n -> n.endsWith("echo")).findFirst()
                .orElseThrow(() -> new IllegalStateException("the host offers no echo tool: " + host.tools()));
    }

    static Subject connect(GatewayProcess process, Era era, Duration timeout) {
        return connect(process.endpoint(), process.kind().legacySse(), era, process.kind().tool(), timeout);
    }

    static Subject connect(java.net.URI endpoint, boolean legacySse, Era era, String tool, Duration timeout) {
        HttpTransport transport = HttpTransport.builder(endpoint)
                .mode(legacySse ? HttpTransport.Mode.SSE : HttpTransport.Mode.STREAMABLE_HTTP).build();
        McpClient client = McpClient.builder(transport).name("mcphost-bench").era(era)
                .requestTimeout(timeout).initializeTimeout(timeout).connect();
        return Subjects.mcpHost(client, tool);
    }

    /** The first client of a just-started gateway: its upstream may still be starting, so retried for a while. */
    static Subject connectRetrying(GatewayProcess process, Duration timeout) {
        long deadline = System.nanoTime() + START.toNanos();
        while (true) {
            Subject subject = null;
            try {
                subject = connect(process, Era.LEGACY, timeout);
                CallScenarios.check(subject.echo("hello"));
                return subject;
            } catch (RuntimeException e) {
                closeQuietly(subject);
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(e.getMessage() + "; gateway output: " + process.tail(), e);
                }
                try {
                    Thread.sleep(500);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", ie);
                }
            }
        }
    }

    static void closeQuietly(Subject subject) {
        if (subject == null) {
            return;
        }
        try {
            subject.close();
        } catch (RuntimeException e) {
            // closing at the end: the processes are killed next anyway
        }
    }
}
