package io.mcphost.protocol.tools;

import java.util.Optional;

/**
 * Hints about a tool's behaviour. They are hints from the server, not guarantees: never base a
 * security decision on them for an untrusted server.
 */
public record ToolAnnotations(Optional<String> title, Optional<Boolean> readOnlyHint, Optional<Boolean> destructiveHint,
                              Optional<Boolean> idempotentHint, Optional<Boolean> openWorldHint) {
    public ToolAnnotations {
        title = title == null ? Optional.empty() : title;
        readOnlyHint = readOnlyHint == null ? Optional.empty() : readOnlyHint;
        destructiveHint = destructiveHint == null ? Optional.empty() : destructiveHint;
        idempotentHint = idempotentHint == null ? Optional.empty() : idempotentHint;
        openWorldHint = openWorldHint == null ? Optional.empty() : openWorldHint;
    }
}
