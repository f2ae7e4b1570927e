package io.mcphost.gateway;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One decision of a gateway's {@link GatewayPolicy} on a use of an entry ({@code tools/call},
 * {@code prompts/get}, {@code resources/read}, {@code resources/subscribe},
 * {@code completion/complete}): allowed or denied, for whom, and by which rule. What lists leave out
 * is not an event (a list is many decisions, each repeated by the use that follows). Never carries a
 * token. Immutable.
 *
 * @param time      when the decision was made
 * @param allowed   whether the use was allowed
 * @param principal who asked; empty when the request was not authenticated
 * @param method    the request's method, for example {@code tools/call}
 * @param name      the tool's or prompt's exposed name, the resource's URI, or the template's URI template
 * @param server    the upstream server offering it, when known
 * @param rule      the rule that granted it (its name, else its place such as {@code rules[0]}), or
 *                  {@code no rule} when denied
 */
public record AuditEvent(Instant time, boolean allowed, Optional<String> principal, String method, String name,
                         Optional<String> server, String rule) {
    /** The {@link #rule} of a denial: no rule granted the entry. */
    public static final String NO_RULE = "no rule";

    public AuditEvent {
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(rule, "rule");
    }
}
