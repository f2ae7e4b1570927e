package io.mcphost.protocol.elicitation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.SpecSchemas;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tasks.TaskMetadata;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ElicitationRecordsTest {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final ProtocolVersion V = ProtocolVersion.V2025_11_25;
    private static final JsonNode SCHEMA = CODEC.mapper().readTree("""
            {"type":"object","properties":{"name":{"type":"string","title":"Name"},"age":{"type":"integer","minimum":0}},
             "required":["name"]}""");

    @Test
    void aFormRequestIsWrittenWithModeFormAndIsValid() {
        JsonNode json = CODEC.valueToTree(ElicitRequestFormParams.of("Who are you?", SCHEMA));

        assertThat(json.path("mode").stringValue()).isEqualTo("form");
        SpecSchemas.assertValid(json, "ElicitRequestFormParams", V);
        SpecSchemas.assertValid(json, "ElicitRequestParams", V);
    }

    @Test
    void aUrlRequestIsWrittenWithModeUrlAndIsValid() {
        ElicitRequestURLParams params = new ElicitRequestURLParams("Sign in", Optional.of("e-1"), "https://example.com/login",
                Optional.of(TaskMetadata.keepFor(Duration.ofSeconds(30))), Optional.empty());

        JsonNode json = CODEC.valueToTree(params);

        assertThat(json.toString()).isEqualTo(
                "{\"mode\":\"url\",\"message\":\"Sign in\",\"elicitationId\":\"e-1\",\"url\":\"https://example.com/login\",\"task\":{\"ttl\":30000}}");
        SpecSchemas.assertValid(json, "ElicitRequestURLParams", V);
        assertThat(CODEC.treeToValue(json, ElicitRequestParams.class)).isEqualTo(params);
    }

    @Test
    void paramsWithoutModeAreAFormAsOlderRevisionsSendThem() {
        JsonNode older = CODEC.mapper().readTree("{\"message\":\"Name?\",\"requestedSchema\":" + SCHEMA + "}");

        ElicitRequestParams params = CODEC.treeToValue(older, ElicitRequestParams.class);

        String described = switch (params) {
            case ElicitRequestFormParams form -> "form " + form.requiredProperties();
            case ElicitRequestURLParams url -> "url " + url.url();
        };
        assertThat(described).isEqualTo("form [name]");
    }

    @Test
    void theRequestParamsInsideARequestValidateAsAMessage() {
        for (ElicitRequestParams params : List.<ElicitRequestParams>of(
                ElicitRequestFormParams.of("Name?", SCHEMA), ElicitRequestURLParams.of("Go", "e-2", "https://example.com/x"))) {
            JsonNode request = CODEC.mapper().readTree("{\"jsonrpc\":\"2.0\",\"id\":\"r\",\"method\":\"elicitation/create\",\"params\":"
                    + CODEC.valueToTree(params) + "}");
            SpecSchemas.assertValidMessage(request, V);
        }
    }

    @Test
    void typedHelpersReadTheRequestedSchema() {
        ElicitRequestFormParams form = ElicitRequestFormParams.of("Who?", SCHEMA);

        assertThat(form.requestedProperties()).containsOnlyKeys("name", "age");
        assertThat(form.requestedProperties().keySet()).containsExactly("name", "age");
        assertThat(form.requestedProperties().get("age").path("type").stringValue()).isEqualTo("integer");
        assertThat(form.requiredProperties()).containsExactly("name");
    }

    @Test
    void aRequestedSchemaThatIsNotAnObjectIsRefusedWithAClearMessage() {
        assertThatThrownBy(() -> ElicitRequestFormParams.of("x", CODEC.mapper().readTree("[1]")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("requestedSchema must be a JSON object, got ARRAY");
        assertThatThrownBy(() -> CODEC.treeToValue(CODEC.mapper().readTree("{\"mode\":\"form\",\"message\":\"x\",\"requestedSchema\":\"s\"}"),
                ElicitRequestParams.class))
                .isInstanceOf(McpProtocolException.class)
                .hasMessageContaining("requestedSchema must be a JSON object");
    }

    @Test
    void eachResultActionIsValid() {
        for (ElicitResult result : List.of(ElicitResult.accept(CODEC.mapper().readTree("{\"name\":\"Ada\",\"age\":36,\"tags\":[\"a\"]}")),
                ElicitResult.accept(), ElicitResult.decline(), ElicitResult.cancel())) {
            JsonNode json = CODEC.valueToTree(result);
            SpecSchemas.assertValidResult(json, "ElicitResult", V);
            assertThat(CODEC.treeToValue(json, ElicitResult.class)).isEqualTo(result);
        }
        assertThat(CODEC.valueToTree(ElicitResult.decline()).toString()).isEqualTo("{\"action\":\"decline\"}");
    }

    @Test
    void resultContentMustBeAnObject() {
        assertThatThrownBy(() -> ElicitResult.accept(CODEC.mapper().readTree("\"Ada\"")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("content must be a JSON object");
    }

    @Test
    void theCompletionNotificationIsValid() {
        JsonNode json = CODEC.mapper().readTree("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/elicitation/complete\",\"params\":"
                + CODEC.valueToTree(ElicitationCompleteNotificationParams.of("e-1")) + "}");

        SpecSchemas.assertValidMessage(json, V);
    }
}
