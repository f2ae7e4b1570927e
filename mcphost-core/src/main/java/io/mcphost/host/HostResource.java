package io.mcphost.host;

import io.mcphost.protocol.resources.Resource;
import java.util.Objects;

/**
 * A resource in the host's catalog. Resources keep their URIs: a URI already names its resource
 * uniquely, and rewriting it would break links that models and people copy around. Immutable.
 *
 * @param server   the name of the server that offers the resource
 * @param resource the resource as that server listed it
 */
public record HostResource(String server, Resource resource) {
    public HostResource {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(resource, "resource");
    }

    /** The resource's URI, as the server listed it. */
    public String uri() {
        return resource.uri();
    }
}
