package io.mcphost.host;

import io.mcphost.protocol.resources.ResourceTemplate;
import java.util.Objects;

/**
 * A resource template in the host's catalog, kept as its server listed it. Immutable.
 *
 * @param server   the name of the server that offers the template
 * @param template the template (an RFC 6570 URI template and its description)
 */
public record HostResourceTemplate(String server, ResourceTemplate template) {
    public HostResourceTemplate {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(template, "template");
    }

    /** The RFC 6570 URI template. */
    public String uriTemplate() {
        return template.uriTemplate();
    }
}
