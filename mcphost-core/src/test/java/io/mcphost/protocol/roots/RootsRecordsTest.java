package io.mcphost.protocol.roots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.SpecSchemas;
import io.mcphost.protocol.internal.JsonCodec;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class RootsRecordsTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    @Test
    void factoriesWriteJsonValidAgainstTheSchema() {
        ListRootsResult result = ListRootsResult.of(List.of(Root.of("file:///repo", "Repo"), Root.of("file:///tmp")));

        JsonNode json = CODEC.valueToTree(result);

        assertThat(json.toString()).isEqualTo(
                "{\"roots\":[{\"uri\":\"file:///repo\",\"name\":\"Repo\"},{\"uri\":\"file:///tmp\"}]}");
        SpecSchemas.assertValidResult(json, "ListRootsResult", ProtocolVersion.V2025_11_25);
        SpecSchemas.assertValid(CODEC.valueToTree(Root.of("file:///tmp")), "Root", ProtocolVersion.V2025_11_25);
    }

    @Test
    void anEmptyRootListIsStillWrittenBecauseTheSchemaRequiresIt() {
        JsonNode json = CODEC.valueToTree(ListRootsResult.of(List.of()));

        assertThat(json.toString()).isEqualTo("{\"roots\":[]}");
        SpecSchemas.assertValidResult(json, "ListRootsResult", ProtocolVersion.V2025_11_25);
    }

    @Test
    void metaSurvivesARoundTrip() {
        JsonNode input = CODEC.mapper().readTree("{\"roots\":[{\"uri\":\"file:///a\",\"_meta\":{\"k\":1}}],\"_meta\":{\"x\":true}}");

        ListRootsResult result = CODEC.treeToValue(input, ListRootsResult.class);

        assertThat(result.roots().getFirst().meta()).isPresent();
        assertThat(CODEC.valueToTree(result)).isEqualTo(input);
    }

    @Test
    void aRootWithoutUriIsRefusedWithItsName() {
        assertThatThrownBy(() -> CODEC.treeToValue(CODEC.mapper().readTree("{\"name\":\"x\"}"), Root.class))
                .hasMessageContaining("uri");
    }
}
