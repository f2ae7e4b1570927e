package io.mcphost.protocol.internal;

import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.content.ContentBlock;
import io.mcphost.protocol.elicitation.ElicitRequestParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.lifecycle.ClientCapabilities;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.InitializeRequestParams;
import io.mcphost.protocol.lifecycle.InitializeResult;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.protocol.logging.SetLevelRequestParams;
import io.mcphost.protocol.modern.DiscoverResult;
import io.mcphost.protocol.modern.InputRequiredResult;
import io.mcphost.protocol.modern.SubscriptionsListenRequestParams;
import io.mcphost.protocol.prompts.GetPromptRequestParams;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.ListPromptsResult;
import io.mcphost.protocol.resources.ListResourceTemplatesResult;
import io.mcphost.protocol.resources.ListResourcesResult;
import io.mcphost.protocol.resources.ReadResourceRequestParams;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.ResourceUpdatedNotificationParams;
import io.mcphost.protocol.roots.ListRootsResult;
import io.mcphost.protocol.sampling.CreateMessageRequestParams;
import io.mcphost.protocol.sampling.CreateMessageResult;
import io.mcphost.protocol.tasks.CancelTaskResult;
import io.mcphost.protocol.tasks.CreateTaskResult;
import io.mcphost.protocol.tasks.GetTaskResult;
import io.mcphost.protocol.tasks.ListTasksResult;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tasks.TaskStatusNotificationParams;
import io.mcphost.protocol.tools.CallToolRequestParams;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.ListToolsResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.utilities.CancelledNotificationParams;
import io.mcphost.protocol.utilities.PaginatedRequestParams;
import io.mcphost.protocol.utilities.ProgressNotificationParams;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the JSON fuzz targets share: the mapper they compare against, a strict tree comparison (node
 * class, number type and exact value, name order) and the differential check of a fast record reader.
 * Public for the targets of {@code protocol.tools.internal}.
 */
public final class FuzzSupport {
    /**
     * Every record type a peer's params or result is read into, in a fixed order: a typed-read target's
     * first input byte picks one (its seeds are named by type, so the order must only grow at the end).
     */
    public static final List<Class<?>> RECORD_TYPES = List.of(CallToolResult.class, ListToolsResult.class, Tool.class,
            Implementation.class, ServerCapabilities.class, InitializeResult.class, ReadResourceResult.class,
            GetPromptResult.class, CompleteResult.class, ListPromptsResult.class, ListResourcesResult.class,
            ListResourceTemplatesResult.class, CreateTaskResult.class, GetTaskResult.class, CancelTaskResult.class,
            ListTasksResult.class, TaskStatusNotificationParams.class, ResourceUpdatedNotificationParams.class,
            LoggingMessageNotificationParams.class, ProgressNotificationParams.class, CancelledNotificationParams.class,
            DiscoverResult.class, InputRequiredResult.class, CreateMessageResult.class, ElicitResult.class,
            ListRootsResult.class, CallToolRequestParams.class, InitializeRequestParams.class,
            CreateMessageRequestParams.class, ElicitRequestParams.class, ContentBlock.class, ClientCapabilities.class,
            GetPromptRequestParams.class, ReadResourceRequestParams.class, CompleteRequestParams.class,
            SubscriptionsListenRequestParams.class, PaginatedRequestParams.class, SetLevelRequestParams.class, Task.class);

    private FuzzSupport() {
    }

    /** The codec's own mapper: what every fast path is compared against. */
    public static JsonMapper mapper() {
        return JsonCodec.get().mapper();
    }

    /** Jackson's tree of {@code utf8}, or null when Jackson refuses it. */
    public static JsonNode jacksonTree(byte[] utf8) {
        try {
            return mapper().readTree(utf8);
        } catch (JacksonException e) {
            return null;
        }
    }

    /**
     * {@code fast} (a fast reader's answer for {@code tree}) against Jackson's: a fast reader may decline
     * (null), but what it reads must be exactly the record Jackson reads, and Jackson must not refuse it.
     */
    public static <T> void assertReadsAsJackson(JsonNode tree, Class<T> type, Function<JsonNode, T> reader) {
        T fast = reader.apply(tree);
        if (fast == null) {
            return;
        }
        T jackson;
        try {
            jackson = mapper().treeToValue(tree, type);
        } catch (JacksonException e) {
            throw new AssertionError("the fast path read a " + type.getSimpleName() + " that Jackson refuses ("
                    + e.getOriginalMessage() + "): " + tree, e);
        }
        if (!fast.equals(jackson)) {
            throw new AssertionError("the fast path and Jackson read " + tree + " differently:\n fast:    " + fast
                    + "\n jackson: " + jackson);
        }
    }

    /** Fails unless the two trees are the same node for node (class, number type and bits, name order). */
    public static void assertSameTree(String what, JsonNode expected, JsonNode actual) {
        if (!sameTree(expected, actual)) {
            throw new AssertionError(what + ":\n expected: " + expected + "\n actual:   " + actual);
        }
    }

    /** Node for node the same tree: node classes, number types, exact numbers (-0.0 is not 0.0), names in order. */
    public static boolean sameTree(JsonNode a, JsonNode b) {
        return sameTree(a, b, false);
    }

    /**
     * {@code ours} (the codec's tree, {@link JsonTrees}) is node for node {@code mappers} (the mapper's
     * {@code readTree}), but for the one deliberate difference: where the mapper reads a number beyond a
     * double's range as an infinite double, the codec keeps its exact decimal.
     */
    public static void assertSameAsMappersTree(String what, JsonNode mappers, JsonNode ours) {
        if (!sameTree(mappers, ours, true)) {
            throw new AssertionError(what + ":\n mapper: " + mappers + "\n ours:   " + ours);
        }
    }

    private static boolean sameTree(JsonNode a, JsonNode b, boolean exactBeyondDouble) {
        if (a == b) {
            return true;
        }
        if (exactBeyondDouble && a != null && b != null && a.isDouble() && Double.isInfinite(a.doubleValue())) {
            // Its sign alone: Jackson 3's doubleValue() of such a decimal throws.
            return b.isBigDecimal() && b.decimalValue().signum() == (a.doubleValue() > 0 ? 1 : -1);
        }
        if (a == null || b == null || a.getClass() != b.getClass()) {
            return false;
        }
        return switch (a.getNodeType()) {
            case OBJECT -> {
                if (a.size() != b.size()) {
                    yield false;
                }
                Iterator<Map.Entry<String, JsonNode>> left = a.properties().iterator();
                Iterator<Map.Entry<String, JsonNode>> right = b.properties().iterator();
                while (left.hasNext()) {
                    Map.Entry<String, JsonNode> l = left.next();
                    Map.Entry<String, JsonNode> r = right.next();
                    if (!l.getKey().equals(r.getKey()) || !sameTree(l.getValue(), r.getValue(), exactBeyondDouble)) {
                        yield false;
                    }
                }
                yield true;
            }
            case ARRAY -> {
                if (a.size() != b.size()) {
                    yield false;
                }
                for (int i = 0; i < a.size(); i++) {
                    if (!sameTree(a.get(i), b.get(i), exactBeyondDouble)) {
                        yield false;
                    }
                }
                yield true;
            }
            case NUMBER -> switch (a.numberType()) {
                case FLOAT, DOUBLE -> Double.doubleToLongBits(a.doubleValue()) == Double.doubleToLongBits(b.doubleValue());
                case BIG_DECIMAL -> a.decimalValue().equals(b.decimalValue()); // scale too
                default -> a.equals(b);
            };
            default -> a.equals(b);
        };
    }

    /** The same message: kind, id, method, error code and text, and node-for-node the same trees. */
    public static boolean sameMessage(JsonRpcMessage a, JsonRpcMessage b) {
        return switch (a) {
            case JsonRpcRequest r -> b instanceof JsonRpcRequest o && r.id().equals(o.id()) && r.method().equals(o.method())
                    && sameOptionalTree(r.params().orElse(null), o.params().orElse(null));
            case JsonRpcNotification n -> b instanceof JsonRpcNotification o && n.method().equals(o.method())
                    && sameOptionalTree(n.params().orElse(null), o.params().orElse(null));
            case JsonRpcResponse r -> b instanceof JsonRpcResponse o && r.id().equals(o.id()) && sameTree(r.result(), o.result());
            case JsonRpcErrorResponse e -> b instanceof JsonRpcErrorResponse o && e.id().equals(o.id())
                    && e.error().code() == o.error().code() && e.error().message().equals(o.error().message())
                    && sameOptionalTree(e.error().data().orElse(null), o.error().data().orElse(null));
        };
    }

    private static boolean sameOptionalTree(JsonNode a, JsonNode b) {
        return a == null ? b == null : b != null && sameTree(a, b);
    }
}
