package io.mcphost.host;

import io.mcphost.protocol.tools.Tool;
import java.util.Objects;

/**
 * A tool in the host's catalog: what one server offers, under the name the host exposes it by.
 * Immutable, apart from the JSON schemas inside {@link Tool}, which callers must not change.
 *
 * @param name   the exposed name, unique in the catalog and matching {@code ^[a-zA-Z0-9_-]{1,64}$}
 *               (see {@link Catalog} for how it is made)
 * @param server the name of the server that offers the tool
 * @param tool   the tool as that server listed it, with its original name
 */
public record HostTool(String name, String server, Tool tool) {
    public HostTool {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(tool, "tool");
    }

    /** The name the server knows the tool by; the one to send in {@code tools/call}. */
    public String originalName() {
        return tool.name();
    }
}
