package io.mcphost.host.internal.supervision;

import io.mcphost.client.ListKind;
import io.mcphost.host.Catalog;
import io.mcphost.host.HostEvent;
import io.mcphost.host.HostTool;
import io.mcphost.protocol.tools.Tool;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What one catalog rebuild changed, as events: a {@link HostEvent.CatalogChanged} for the server that
 * caused it and for every other server whose entries changed with it, and a
 * {@link HostEvent.ToolDefinitionChanged} for each exposed tool whose definition its server changed.
 * Pure.
 */
final class CatalogDiff {
    private CatalogDiff() {
    }

    static List<HostEvent> between(Catalog before, Catalog after, String cause, Set<ListKind> kinds) {
        Map<String, Set<ListKind>> causes = new LinkedHashMap<>();
        causes.put(cause, kinds);
        return between(before, after, causes);
    }

    /**
     * {@link #between(Catalog, Catalog, String, Set)} for a rebuild that several changes share: each cause
     * (server → kinds, in the order they happened) gets its event, as if it had been rebuilt alone.
     */
    static List<HostEvent> between(Catalog before, Catalog after, Map<String, Set<ListKind>> causes) {
        Instant now = Instant.now();
        Map<String, Set<ListKind>> changed = new LinkedHashMap<>();
        causes.forEach((cause, kinds) -> changed.computeIfAbsent(cause, c -> EnumSet.noneOf(ListKind.class))
                .addAll(kinds.isEmpty() ? EnumSet.allOf(ListKind.class) : kinds));
        compare(before.tools(), after.tools(), HostTool::server, ListKind.TOOLS, changed);
        compare(before.prompts(), after.prompts(), p -> p.server(), ListKind.PROMPTS, changed);
        compare(before.resources(), after.resources(), r -> r.server(), ListKind.RESOURCES, changed);
        compare(before.resourceTemplates(), after.resourceTemplates(), t -> t.server(), ListKind.RESOURCES, changed);
        compare(before.skills(), after.skills(), s -> s.server(), ListKind.RESOURCES, changed); // skills are listed with resources
        List<HostEvent> events = new ArrayList<>();
        changed.forEach((server, which) -> events.add(new HostEvent.CatalogChanged(now, server, Set.copyOf(which))));
        Map<String, HostTool> earlier = new HashMap<>();
        before.tools().forEach(t -> earlier.put(t.server() + "\u0000" + t.tool().name(), t));
        for (HostTool tool : after.tools()) {
            HostTool old = earlier.get(tool.server() + "\u0000" + tool.tool().name());
            if (old != null && !sameDefinition(old.tool(), tool.tool())) {
                events.add(new HostEvent.ToolDefinitionChanged(now, tool.server(), tool.name(), old.tool(), tool.tool()));
            }
        }
        return events;
    }

    /** Adds {@code kind} for every server whose entries (exposed name and value) differ between the lists. */
    private static <T> void compare(List<T> before, List<T> after, java.util.function.Function<T, String> server,
                                    ListKind kind, Map<String, Set<ListKind>> changed) {
        Map<String, List<T>> old = group(before, server);
        Map<String, List<T>> now = group(after, server);
        Set<String> servers = new java.util.HashSet<>(old.keySet());
        servers.addAll(now.keySet());
        for (String s : servers) {
            if (!Objects.equals(old.get(s), now.get(s))) {
                changed.computeIfAbsent(s, k -> EnumSet.noneOf(ListKind.class)).add(kind);
            }
        }
    }

    private static <T> Map<String, List<T>> group(List<T> items, java.util.function.Function<T, String> server) {
        Map<String, List<T>> byServer = new HashMap<>();
        items.forEach(item -> byServer.computeIfAbsent(server.apply(item), k -> new ArrayList<>()).add(item));
        return byServer;
    }

    /** What a model or a person approving a tool sees of it. */
    private static boolean sameDefinition(Tool a, Tool b) {
        return a.description().equals(b.description()) && a.inputSchema().equals(b.inputSchema())
                && a.outputSchema().equals(b.outputSchema()) && a.annotations().equals(b.annotations());
    }
}
