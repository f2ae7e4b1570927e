package io.mcphost.protocol.skills;

import java.util.Objects;
import java.util.Optional;

/**
 * The parameters of {@code resources/directory/read}. Immutable.
 *
 * @param uri    the directory (no trailing slash; a skill's root is its URI without {@code /SKILL.md})
 * @param cursor the cursor from the previous page, if any
 */
public record ReadDirectoryRequestParams(String uri, Optional<String> cursor) {
    public ReadDirectoryRequestParams {
        Objects.requireNonNull(uri, "uri");
        cursor = cursor == null ? Optional.empty() : cursor;
    }
}
