package io.mcphost.gateway.internal;

import io.mcphost.gateway.AuditEvent;
import io.mcphost.gateway.GatewayPolicy;
import io.mcphost.host.Catalog;
import io.mcphost.host.HostPrompt;
import io.mcphost.host.HostResourceTemplate;
import io.mcphost.host.HostTool;
import io.mcphost.host.McpHost;
import io.mcphost.host.ToolFilter;
import io.mcphost.server.Caller;
import io.mcphost.server.Visibility;
import java.time.Clock;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link GatewayPolicy} as the gateway server's {@link Visibility}: each entry is looked up in the
 * host's catalog for its server, then granted by the first rule that applies to the caller and names
 * it, or denied. Lists decide quietly; every use is an {@link AuditEvent}, logged on
 * {@code io.mcphost.gateway.audit} (denials at INFO, allows at DEBUG) and given to the listeners.
 * Thread-safe and non-blocking (a listener must be quick: it runs on the request's thread).
 */
public final class PolicyEnforcer implements Visibility {
    private static final Logger AUDIT = LoggerFactory.getLogger("io.mcphost.gateway.audit");
    private static final Logger LOG = LoggerFactory.getLogger(PolicyEnforcer.class);

    /** A rule with its globs compiled and its audit label. */
    private record Compiled(GatewayPolicy.Rule rule, String label, Optional<ToolFilter> servers,
                            Optional<ToolFilter> tools, Optional<ToolFilter> prompts, Optional<ToolFilter> resources,
                            boolean everyKind) {
        static Compiled of(GatewayPolicy.Rule rule, int index) {
            return new Compiled(rule, rule.name().orElse("rules[" + index + "]"), rule.servers().map(Compiled::globs),
                    rule.tools().map(Compiled::globs), rule.prompts().map(Compiled::globs),
                    rule.resources().map(Compiled::globs),
                    rule.tools().isEmpty() && rule.prompts().isEmpty() && rule.resources().isEmpty());
        }

        /** Globs as a filter; an empty list matches nothing (a filter with no allow pattern allows everything). */
        private static ToolFilter globs(List<String> globs) {
            return globs.isEmpty() ? ToolFilter.deny("*") : ToolFilter.of(globs, List.of());
        }

        boolean appliesTo(Optional<Caller> caller) {
            if (rule.unconditional()) {
                return true;
            }
            return caller.isPresent() && (rule.subjects().contains(caller.get().principal())
                    || !Collections.disjoint(rule.groups(), caller.get().groups())
                    || !Collections.disjoint(rule.scopes(), caller.get().scopes()));
        }

        boolean grants(Kind kind, String name, Optional<String> server) {
            if (servers.isPresent() && (server.isEmpty() || !servers.get().allows(server.get()))) {
                return false;
            }
            if (everyKind) {
                return true;
            }
            Optional<ToolFilter> names = switch (kind) {
                case TOOL -> tools;
                case PROMPT -> prompts;
                case RESOURCE, RESOURCE_TEMPLATE -> resources;
            };
            return names.isPresent() && names.get().allows(name);
        }
    }

    private final McpHost host;
    private final List<Compiled> rules;
    private final List<Consumer<AuditEvent>> listeners;
    private final Clock clock;

    public PolicyEnforcer(McpHost host, GatewayPolicy policy, List<Consumer<AuditEvent>> listeners, Clock clock) {
        this.host = host;
        List<GatewayPolicy.Rule> given = policy.rules();
        this.rules = java.util.stream.IntStream.range(0, given.size()).mapToObj(i -> Compiled.of(given.get(i), i)).toList();
        this.listeners = List.copyOf(listeners);
        this.clock = clock;
    }

    @Override
    public boolean visible(Optional<Caller> caller, Kind kind, String name, String method) {
        Optional<String> server = serverOf(kind, name);
        Optional<Compiled> granting = rules.stream().filter(r -> r.appliesTo(caller) && r.grants(kind, name, server))
                .findFirst();
        if (!method.endsWith("/list")) {
            audit(new AuditEvent(clock.instant(), granting.isPresent(), caller.map(Caller::principal), method, name, server,
                    granting.map(Compiled::label).orElse(AuditEvent.NO_RULE)));
        }
        return granting.isPresent();
    }

    private Optional<String> serverOf(Kind kind, String name) {
        Catalog catalog = host.catalog();
        return switch (kind) {
            case TOOL -> catalog.tool(name).map(HostTool::server);
            case PROMPT -> catalog.prompt(name).map(HostPrompt::server);
            case RESOURCE -> catalog.serverForUri(name);
            case RESOURCE_TEMPLATE -> catalog.resourceTemplates().stream().filter(t -> t.uriTemplate().equals(name))
                    .map(HostResourceTemplate::server).findFirst();
        };
    }

    private void audit(AuditEvent event) {
        // Names and principals only: the token never reaches a decision.
        if (event.allowed()) {
            AUDIT.debug("allowed {} {} for {} (server {}, by {})", event.method(), event.name(),
                    event.principal().orElse("(unauthenticated)"), event.server().orElse("?"), event.rule());
        } else {
            AUDIT.info("denied {} {} for {} (server {}, {})", event.method(), event.name(),
                    event.principal().orElse("(unauthenticated)"), event.server().orElse("?"), event.rule());
        }
        for (Consumer<AuditEvent> listener : listeners) {
            try {
                listener.accept(event);
            } catch (RuntimeException e) {
                LOG.warn("an audit listener failed", e);
            }
        }
    }
}
