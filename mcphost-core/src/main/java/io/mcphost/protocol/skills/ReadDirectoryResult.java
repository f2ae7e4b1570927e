package io.mcphost.protocol.skills;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.resources.Resource;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The result of {@code resources/directory/read}: one page of a directory's direct children; a
 * subdirectory is a resource with mime type {@value SkillsProtocol#DIRECTORY_MIME_TYPE}. Immutable.
 *
 * @param resources  the children on this page (always written, possibly empty)
 * @param nextCursor the cursor for the next page; absent on the last page
 * @param meta       {@code _meta}
 * @param resultType {@code "complete"} from a 2026-07-28 server
 */
public record ReadDirectoryResult(List<Resource> resources, Optional<String> nextCursor,
                                  @JsonProperty("_meta") Optional<JsonNode> meta, Optional<String> resultType) {
    public ReadDirectoryResult {
        resources = resources == null ? List.of() : List.copyOf(resources);
        nextCursor = nextCursor == null ? Optional.empty() : nextCursor;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
        resultType = resultType == null ? Optional.empty() : resultType;
    }
}
