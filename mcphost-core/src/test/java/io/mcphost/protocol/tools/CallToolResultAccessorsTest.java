package io.mcphost.protocol.tools;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import io.mcphost.protocol.content.ImageContent;
import io.mcphost.protocol.content.TextContent;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CallToolResultAccessorsTest {
    record Sum(double sum) {
    }

    @Test
    void textJoinsTheTextBlocksAndLeavesOtherKindsOut() {
        var result = Json.treeToValue(Json.parse("""
                {"content": [{"type": "text", "text": "one"}, {"type": "image", "data": "QUJD", "mimeType": "image/png"},
                             {"type": "text", "text": "two"}]}"""), CallToolResult.class);

        assertThat(result.content()).hasAtLeastOneElementOfType(ImageContent.class);
        assertThat(result.text()).isEqualTo("one\ntwo");
        assertThat(Json.write(result)).doesNotContain("\"text\":\"one\\ntwo\"");
    }

    @Test
    void structuredContentConvertsToARecord() {
        var result = CallToolResult.structured(Json.parse("{\"sum\": 3}"), "3");

        assertThat(result.structuredContent(Sum.class)).contains(new Sum(3));
        assertThat(CallToolResult.text("x").structuredContent(Sum.class)).isEmpty();
        assertThat(new CallToolResult(List.of(TextContent.of("x")), Optional.empty(), false, Optional.empty()).text()).isEqualTo("x");
    }
}
