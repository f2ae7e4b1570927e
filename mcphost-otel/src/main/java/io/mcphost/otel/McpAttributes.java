package io.mcphost.otel;

import io.opentelemetry.api.common.AttributeKey;
import java.util.List;

/**
 * The attribute keys of the MCP semantic conventions (semantic-conventions v1.41.1,
 * docs/gen-ai/mcp.md, status Development) that this module records. Kept here rather than taken
 * from the incubating semconv artifact, whose API changes without notice.
 */
final class McpAttributes {
    static final AttributeKey<String> MCP_METHOD_NAME = AttributeKey.stringKey("mcp.method.name");
    static final AttributeKey<String> MCP_PROTOCOL_VERSION = AttributeKey.stringKey("mcp.protocol.version");
    static final AttributeKey<String> MCP_SESSION_ID = AttributeKey.stringKey("mcp.session.id");
    static final AttributeKey<String> MCP_RESOURCE_URI = AttributeKey.stringKey("mcp.resource.uri");
    static final AttributeKey<String> JSONRPC_REQUEST_ID = AttributeKey.stringKey("jsonrpc.request.id");
    static final AttributeKey<String> RPC_RESPONSE_STATUS_CODE = AttributeKey.stringKey("rpc.response.status_code");
    static final AttributeKey<String> GEN_AI_TOOL_NAME = AttributeKey.stringKey("gen_ai.tool.name");
    static final AttributeKey<String> GEN_AI_PROMPT_NAME = AttributeKey.stringKey("gen_ai.prompt.name");
    static final AttributeKey<String> GEN_AI_OPERATION_NAME = AttributeKey.stringKey("gen_ai.operation.name");
    static final AttributeKey<String> GEN_AI_TOOL_CALL_ARGUMENTS = AttributeKey.stringKey("gen_ai.tool.call.arguments");
    static final AttributeKey<String> GEN_AI_TOOL_CALL_RESULT = AttributeKey.stringKey("gen_ai.tool.call.result");
    static final AttributeKey<String> NETWORK_TRANSPORT = AttributeKey.stringKey("network.transport");
    static final AttributeKey<String> NETWORK_PROTOCOL_NAME = AttributeKey.stringKey("network.protocol.name");
    static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
    static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    /** Not a convention: which McpHost server (client name) a span belongs to, since one host talks to many. */
    static final AttributeKey<String> MCPHOST_SERVER_NAME = AttributeKey.stringKey("mcphost.server.name");

    /** {@code error.type} of a {@code CallToolResult} with {@code isError: true} (conventions, note on error.type). */
    static final String TOOL_ERROR = "tool_error";
    static final String EXECUTE_TOOL = "execute_tool";

    /** The buckets the conventions ask for on both duration histograms, in seconds. */
    static final List<Double> DURATION_BUCKETS = List.of(0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0,
            60.0, 120.0, 300.0);

    private McpAttributes() {
    }
}
