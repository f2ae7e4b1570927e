package io.mcphost.cli;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.host.HostPrompt;
import io.mcphost.host.HostResource;
import io.mcphost.host.HostResourceTemplate;
import io.mcphost.host.HostSkill;
import io.mcphost.host.HostTool;
import io.mcphost.client.LoadedSkill;
import io.mcphost.host.internal.catalog.NameSuggester;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.tools.CallToolResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A {@link Target} of one connected server; names are the server's own.
 *
 * @param closeBudget how long {@link #close} may take ({@link #closeBudget(Duration)} of the command's grace)
 * @param prefix      the prefix the server's names have in a listing of its whole configuration file, which
 *                    {@link #nameOf} takes off; null for a server not picked from a file
 */
record ClientTarget(McpClient client, Duration closeBudget, String prefix) implements Target {
    /**
     * How long a command waits for its server to go, at least: a server still busy with a call that
     * timed out or was cancelled often outlives its closed stdin, and the library's default (5 s) would
     * keep the prompt that long. The server first gets {@link #CLOSE_GRACE} after its stdin closes, then
     * SIGTERM, then SIGKILL; the library gives SIGTERM what the grace leaves of four fifths of this.
     */
    static final Duration CLOSE_BUDGET = Duration.ofSeconds(2);

    /**
     * How long a local server gets to exit by itself after its stdin closes before SIGTERM reaches its
     * process group, unless {@code --close-grace} says otherwise. The MCP lifecycle asks a client to close
     * stdin, wait for the server to exit, and send SIGTERM "if the server does not exit within a
     * reasonable time"; for a command line tool that has its answer, the wait is all on the user's prompt.
     * Measured on a loaded 2-core machine (exit after stdin closed, nothing in flight): a POSIX sh server
     * a few ms, SDK example servers under Node 22 16–33 ms, the demo server (a JVM) 7–76 ms;
     * server-everything 325–370 ms, with nothing left to do (timers of its own keep Node alive). 200 ms
     * leaves every server that exits promptly at end of input unsignalled, with room (over 2.5× the
     * slowest prompt exit measured) for a machine under load, while a server that lingers costs 200 ms
     * rather than the 800 ms this CLI gave before or the library's 2 s (meant for long-lived hosts). The
     * MCP Inspector CLI sends SIGTERM at once. Every command gets this grace, {@code subscribe} and the
     * tour too: each ends its servers only when the user is done with them (answer printed, Ctrl-C), and
     * a server with something to clean up gets SIGTERM, the signal for that, and the library's term
     * grace after it.
     */
    static final Duration CLOSE_GRACE = Duration.ofMillis(200);

    /**
     * The close budget for a grace: {@link #CLOSE_BUDGET}, or more when the grace needs it. The library
     * keeps a fifth of the budget for SIGKILL and lets the grace take at most half of the rest, so a
     * budget of 2.5 × the grace keeps the whole grace; SIGTERM then gets up to the library's term grace.
     */
    static Duration closeBudget(Duration closeGrace) {
        Duration forGrace = closeGrace.multipliedBy(5).dividedBy(2);
        return forGrace.compareTo(CLOSE_BUDGET) > 0 ? forGrace : CLOSE_BUDGET;
    }

    @Override
    public boolean isHost() {
        return false;
    }

    @Override
    public String nameOf(String given) {
        return Target.withoutPrefix(prefix, given);
    }

    @Override
    public List<HostTool> tools() {
        return client.listTools().stream().map(t -> new HostTool(t.name(), client.name(), t)).toList();
    }

    /** Sends the call; {@code call} has listed the tools first (which teaches the client the output schemas it validates by). */
    @Override
    public CallToolResult callTool(String name, JsonNode arguments, CallOptions options) {
        return client.callTool(name, arguments, options);
    }

    @Override
    public List<HostResource> resources() {
        return client.listResources().stream().map(r -> new HostResource(client.name(), r)).toList();
    }

    @Override
    public List<HostResourceTemplate> resourceTemplates() {
        return client.listResourceTemplates().stream().map(t -> new HostResourceTemplate(client.name(), t)).toList();
    }

    @Override
    public ReadResourceResult readResource(String uri) {
        return client.readResource(uri);
    }

    @Override
    public <T> T onServerOf(String uri, boolean template, java.util.function.Function<McpClient, T> action) {
        return action.apply(client);
    }

    @Override
    public List<HostPrompt> prompts() {
        return client.listPrompts().stream().map(p -> new HostPrompt(p.name(), client.name(), p)).toList();
    }

    @Override
    public GetPromptResult getPrompt(String name, Map<String, String> arguments) {
        return client.getPrompt(name, arguments);
    }

    /** The server's skills under their frontmatter names; a name listed twice is found as its first entry. */
    @Override
    public List<HostSkill> skills() {
        return client.skills().list().stream().map(s -> new HostSkill(s.name(), client.name(), s)).toList();
    }

    @Override
    public HostSkill skill(String name) {
        List<HostSkill> skills = skills();
        return skills.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow(() -> new McpNotFoundException(
                "server '" + client.name() + "' offers no skill '" + name + "'",
                new NameSuggester(skills.stream().map(s -> new NameSuggester.Candidate(s.name(), s.originalName())).toList())
                        .suggest(name).orElse(null)));
    }

    @Override
    public LoadedSkill loadSkill(HostSkill skill) {
        return client.skills().load(skill.skill());
    }

    @Override
    public void close() {
        client.close(closeBudget);
    }
}
