package io.mcphost.cli;

import io.mcphost.client.CallOptions;
import io.mcphost.host.HostPrompt;
import io.mcphost.host.HostResource;
import io.mcphost.host.HostResourceTemplate;
import io.mcphost.host.HostSkill;
import io.mcphost.host.HostTool;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.tools.CallToolResult;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * What a command talks to: one server ({@code --stdio}, {@code --url}, the demo) or every server of a
 * {@code --config}. Each command and its printing is written once against this; the catalog records of
 * the host ({@link HostTool}, …) serve for one server too, named as the server names them. Blocking;
 * used by the command's own thread only. The caller closes it.
 */
sealed interface Target extends AutoCloseable permits ClientTarget, HostTarget {
    /** Whether this is a host of several servers (its JSON output then names each item's server). */
    boolean isHost();

    /**
     * A tool or prompt name as this target knows it: where the target uses one server's own names (one server
     * of a file, picked by {@code --server} or by a prefixed name), {@code PREFIX__name} copied from a listing of
     * the whole file means {@code name}; any other name is as given.
     */
    String nameOf(String given);

    /**
     * The client of the one server, for commands that talk to one server ({@link McpHostCommand.Need#oneServer}).
     *
     * @throws IllegalStateException for a host of several servers
     */
    io.mcphost.client.McpClient client();

    /** {@code given} without {@code prefix + "__"} when it starts so and more follows; as given when {@code prefix} is null. */
    static String withoutPrefix(String prefix, String given) {
        String start = prefix == null ? null : prefix + "__";
        return start != null && given.startsWith(start) && given.length() > start.length() ? given.substring(start.length()) : given;
    }

    /** Every tool, under the name {@link #callTool} takes. */
    List<HostTool> tools();

    /** Calls a tool by the name {@link #tools} gives it, after {@link #tools} (a client learns output schemas from it). */
    CallToolResult callTool(String name, JsonNode arguments, CallOptions options);

    /** Every resource. */
    List<HostResource> resources();

    /** Every resource template. */
    List<HostResourceTemplate> resourceTemplates();

    /** Reads a resource, routed to the server that lists it. */
    ReadResourceResult readResource(String uri);

    /**
     * Runs {@code action} on the client of the server that offers a resource URI, or with {@code template}
     * a resource template as listed: the one server; of a host, the server found as
     * {@link HostTarget#onServerOf} says (which may start more of the file). Blocks for what the action does.
     */
    <T> T onServerOf(String uri, boolean template, java.util.function.Function<io.mcphost.client.McpClient, T> action);

    /** Every prompt, under the name {@link #getPrompt} takes. */
    List<HostPrompt> prompts();

    /** Renders a prompt. */
    GetPromptResult getPrompt(String name, Map<String, String> arguments);

    /**
     * Every skill (Skills extension): entries only, no file read. One server that does not announce the
     * extension refuses ({@link io.mcphost.protocol.McpCapabilityException}); of a host, such servers add none.
     */
    List<HostSkill> skills();

    /**
     * The skill listed under {@code name} (as {@link #skills} names it).
     *
     * @throws io.mcphost.protocol.McpNotFoundException with a did-you-mean when none is
     */
    HostSkill skill(String name);

    /** Loads a listed skill from its own server, verified ({@link io.mcphost.client.ClientSkills#load}). */
    io.mcphost.client.LoadedSkill loadSkill(HostSkill skill);

    /** Closes the server or servers within their close budget. */
    @Override
    void close();
}
