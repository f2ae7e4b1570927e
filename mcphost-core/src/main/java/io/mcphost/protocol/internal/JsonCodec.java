package io.mcphost.protocol.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The one place Jackson is configured. Each inbound message is parsed once into a tree and
 * classified into the sealed {@link JsonRpcMessage} types; MCP payloads are converted between
 * trees and records here too. Thread-safe and shared.
 *
 * <p>Building the mapper takes a cold JVM a few hundred milliseconds of CPU, and the first
 * conversion of each record type a few tens more. So messages never need it: they are read into
 * trees and written from trees with the streaming core alone ({@link JsonTrees}), and the records of
 * the handshake are built from trees directly ({@link HandshakeRecords}); so are a plain tools list
 * and tool result, by readers the layer above passes in ({@link #treeToValue(JsonNode, Class, Function)}):
 * the codec sits below the feature types and knows none of them. The mapper is built on a background
 * thread ({@link CodecWarmUp}) from the moment someone calls {@link #prepare()} (a client, once it
 * waits for a new server's first answer; a server, once it serves) or first needs it ({@link #mapper()}):
 * on a two-core machine a build started any earlier competes with the client's own start and the
 * server's, and measurably delays both. Making JSON trees ({@link #newObject()}, {@link #nodes()})
 * never waits for it.
 */
public final class JsonCodec {
    /**
     * The streaming factory: messages are read into trees and written from them with it alone
     * ({@link JsonTrees}), so framing never waits for the mapper, which is built on the same factory.
     */
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final JsonCodec INSTANCE = new JsonCodec();

    /** The mapper being built, or null until someone needs it or {@link #prepare()} is called. */
    private final AtomicReference<CompletableFuture<JsonMapper>> building = new AtomicReference<>();
    /** The built mapper once someone has waited for it: later reads skip the future. */
    private volatile JsonMapper mapper;
    private final ClassValue<ObjectReader> readers = new ClassValue<>() {
        @Override
        protected ObjectReader computeValue(Class<?> type) {
            return mapper().readerFor(type);
        }
    };

    private JsonCodec() {
        CodecWarmUp.warmTreesEarly(this);
    }

    static JsonMapper build() {
        return build(true);
    }

    /** The codec's mapper; without {@link DirectCreators} for the fuzz target that compares the two. */
    static JsonMapper build(boolean directCreators) {
        JsonMapper.Builder builder = JsonMapper.builder(FACTORY).addModule(new IdJsonModule());
        if (directCreators) {
            builder.addModule(DirectCreators.module());
        }
        return builder
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .changeDefaultPropertyInclusion(incl -> incl
                        .withValueInclusion(JsonInclude.Include.NON_ABSENT)
                        .withContentInclusion(JsonInclude.Include.NON_ABSENT))
                .build();
    }

    /** The shared codec; returns at once (the mapper may still be being built). */
    public static JsonCodec get() {
        return INSTANCE;
    }

    /**
     * Starts building the mapper on a background thread unless that has begun; returns at once. A
     * client calls this when it starts waiting for a server (the first answer of a new connection), so
     * the build overlaps the server's start instead of competing with the client's own.
     */
    public void prepare() {
        if (mapper == null && building.get() == null) {
            CompletableFuture<JsonMapper> mine = new CompletableFuture<>();
            if (building.compareAndSet(null, mine)) {
                CodecWarmUp.start(JsonCodec::build, mine);
            }
        }
    }

    /**
     * {@link #prepare()}, then {@code warmUp} with the built mapper: on the thread that builds it when the
     * build is still under way (so one background thread does the build and the warm-ups, one after the
     * other, instead of competing for the cores), else on a daemon thread of its own. For a layer above
     * to warm the conversions of the records it decodes, which the codec does not know; {@code warmUp}
     * catches its own failures (it is only a head start). Returns at once.
     */
    public void prepare(Consumer<JsonMapper> warmUp) {
        prepare();
        CompletableFuture<JsonMapper> built = building.get();
        if (built.isDone()) {
            Thread.ofPlatform().daemon().name("mcphost-json-warm-up").start(() -> built.thenAccept(warmUp));
        } else {
            built.thenAccept(warmUp);
        }
    }

    /**
     * The configured mapper; the first callers wait (on a cold JVM, up to a few hundred ms) until it
     * is built, starting the build if nobody has ({@link #prepare()}).
     */
    public JsonMapper mapper() {
        JsonMapper m = mapper;
        if (m == null) {
            prepare();
            m = CodecWarmUp.await(building.get());
            mapper = m;
        }
        return m;
    }

    /**
     * Parses JSON text into a tree, as the mapper's {@code readTree} does (a missing node for text with
     * no value), without waiting for the mapper: the one way text becomes a tree.
     *
     * @throws JacksonException when the text is not JSON or holds more than one value
     */
    public JsonNode readTree(String text) {
        return JsonTrees.read(FACTORY, text);
    }

    /** {@link #readTree(String)} for UTF-8 bytes. */
    public JsonNode readTree(byte[] utf8) {
        return JsonTrees.read(FACTORY, utf8, 0, utf8.length);
    }

    /** The node factory, the mapper's default: available without waiting for the mapper. */
    public JsonNodeFactory nodes() {
        return JsonNodeFactory.instance;
    }

    /** A new empty object node; never waits for the mapper. */
    public ObjectNode newObject() {
        return JsonNodeFactory.instance.objectNode();
    }

    /**
     * Decodes one framed text: a single message or, where the peer sent a batch, several.
     *
     * @throws McpProtocolException when the text is not JSON or not a JSON-RPC 2.0 message
     */
    public List<JsonRpcMessage> decode(String text) {
        JsonNode tree;
        try {
            tree = readTree(text);
        } catch (JacksonException e) {
            throw new McpProtocolException(null, "not valid JSON: " + e.getOriginalMessage(), e);
        }
        return messages(tree);
    }

    /**
     * {@link #decode(String)} for UTF-8 bytes, such as a line read from a pipe: parsed as they are,
     * without a String in between (only bytes that do not parse are decoded and parsed again).
     *
     * @throws McpProtocolException when the bytes are not JSON or not a JSON-RPC 2.0 message
     */
    public List<JsonRpcMessage> decode(byte[] utf8, int offset, int length) {
        JsonNode tree;
        try {
            tree = JsonTrees.read(FACTORY, utf8, offset, length);
        } catch (JacksonException e) {
            // Again decoded, malformed UTF-8 replaced by U+FFFD: a stray Latin-1 byte in a string must not
            // cost the whole message (as it did not when lines were decoded first). Still not JSON: refused.
            return decode(new String(utf8, offset, length, java.nio.charset.StandardCharsets.UTF_8));
        }
        return messages(tree);
    }

    private List<JsonRpcMessage> messages(JsonNode tree) {
        if (tree == null || tree.isMissingNode()) {
            throw new McpProtocolException(null, "empty message");
        }
        if (tree.isArray()) {
            if (tree.isEmpty()) {
                throw new McpProtocolException(null, "empty JSON-RPC batch");
            }
            List<JsonRpcMessage> messages = new ArrayList<>(tree.size());
            for (JsonNode element : tree) {
                messages.add(toMessage(element));
            }
            return messages;
        }
        return List.of(toMessage(tree));
    }

    /** Decodes text that must hold exactly one message (no batch). */
    public JsonRpcMessage decodeOne(String text) {
        List<JsonRpcMessage> messages = decode(text);
        if (messages.size() != 1) {
            throw new McpProtocolException(null, "expected one JSON-RPC message, got a batch of " + messages.size());
        }
        return messages.getFirst();
    }

    /** Classifies a parsed tree as one JSON-RPC message. */
    public JsonRpcMessage toMessage(JsonNode node) {
        if (!node.isObject()) {
            throw new McpProtocolException(null, "a JSON-RPC message must be an object, got " + node.getNodeType());
        }
        JsonNode version = node.get("jsonrpc");
        if (version == null || !version.isString() || !JsonRpcMessage.VERSION.equals(version.stringValue())) {
            throw new McpProtocolException(null, "not a JSON-RPC 2.0 message: \"jsonrpc\" must be \"2.0\"");
        }
        JsonNode method = node.get("method");
        JsonNode idNode = node.get("id");
        if (method != null) {
            if (!method.isString()) {
                throw new McpProtocolException(null, "\"method\" must be a string");
            }
            Optional<JsonNode> params = Optional.ofNullable(node.get("params")).filter(p -> !p.isNull());
            if (idNode == null) {
                return new JsonRpcNotification(method.stringValue(), params);
            }
            return new JsonRpcRequest(toId(idNode), method.stringValue(), params);
        }
        JsonNode result = node.get("result");
        JsonNode error = node.get("error");
        if (result != null && error == null) {
            return new JsonRpcResponse(toId(idNode), result);
        }
        if (error != null && result == null) {
            return new JsonRpcErrorResponse(
                    idNode == null || idNode.isNull() ? Optional.empty() : Optional.of(toId(idNode)), toError(error));
        }
        throw new McpProtocolException(null, "a JSON-RPC message needs \"method\", or exactly one of \"result\" and \"error\"");
    }

    private static RequestId toId(JsonNode id) {
        if (id == null || id.isNull()) {
            throw new McpProtocolException(null, "missing or null \"id\"");
        }
        return requestId(id).orElseThrow(() -> new McpProtocolException(null, "\"id\" must be a string or an integer, got " + id));
    }

    /** A JSON-RPC request id as JSON holds it (a string, or an integer that fits a long); empty for anything else or null. */
    public static Optional<RequestId> requestId(JsonNode node) {
        if (node != null && node.isString()) {
            return Optional.of(RequestId.of(node.stringValue()));
        }
        return node != null && node.isIntegralNumber() && node.canConvertToLong() ? Optional.of(RequestId.of(node.longValue()))
                : Optional.empty();
    }

    private static JsonRpcError toError(JsonNode error) {
        if (!error.isObject() || !error.path("code").isIntegralNumber()) {
            throw new McpProtocolException(null, "\"error\" must be an object with an integer \"code\"");
        }
        if (!error.path("code").canConvertToInt()) {
            // JSON-RPC codes are 32-bit; Jackson 3's intValue() throws on anything wider instead of truncating.
            throw new McpProtocolException(null, "\"error\" \"code\" out of the 32-bit range: " + error.path("code"));
        }
        String message = error.path("message").isString() ? error.path("message").stringValue() : "";
        return new JsonRpcError(error.path("code").intValue(), message, Optional.ofNullable(error.get("data")));
    }

    /** Encodes one message as compact JSON text (no newline). */
    public String encode(JsonRpcMessage message) {
        return new String(encodeBytes(message), java.nio.charset.StandardCharsets.UTF_8); // one way to write a message
    }

    /**
     * Encodes one message as compact JSON in UTF-8 (no newline): for byte streams, without a String in
     * between. The envelope is written straight to the generator (no tree is built for it): this runs
     * once per message on every caller's path.
     */
    public byte[] encodeBytes(JsonRpcMessage message) {
        byte[] plain = plainBytes(message);
        if (plain != null) {
            return plain;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator gen = FACTORY.createGenerator(ObjectWriteContext.empty(), out)) {
            gen.writeStartObject();
            gen.writeStringProperty("jsonrpc", JsonRpcMessage.VERSION);
            switch (message) {
                case JsonRpcRequest r -> {
                    writeId(gen, r.id());
                    gen.writeStringProperty("method", r.method());
                    if (r.params().isPresent()) {
                        writeTree(gen, "params", r.params().get());
                    }
                }
                case JsonRpcNotification n -> {
                    gen.writeStringProperty("method", n.method());
                    if (n.params().isPresent()) {
                        writeTree(gen, "params", n.params().get());
                    }
                }
                case JsonRpcResponse r -> {
                    writeId(gen, r.id());
                    writeTree(gen, "result", r.result());
                }
                case JsonRpcErrorResponse e -> {
                    ObjectNode tree = toTree(e); // rare: the tree form is simplest
                    tree.remove("jsonrpc");
                    tree.properties().forEach(p -> writeTree(gen, p.getKey(), p.getValue()));
                }
            }
            gen.writeEndObject();
        }
        return out.toByteArray();
    }

    /**
     * A request, notification or result written without a generator ({@link PlainJsonOut}), byte for byte
     * what the generator writes; null when its trees hold anything else, or for an error answer.
     */
    private static byte[] plainBytes(JsonRpcMessage message) {
        PlainJsonOut out = new PlainJsonOut(256);
        out.ascii("{\"jsonrpc\":\"2.0\"");
        boolean plain = switch (message) {
            case JsonRpcRequest r -> plainId(out, r.id()) && plainMethod(out, r.method()) && plainMember(out, ",\"params\":", r.params());
            case JsonRpcNotification n -> plainMethod(out, n.method()) && plainMember(out, ",\"params\":", n.params());
            case JsonRpcResponse r -> plainId(out, r.id()) && plainMember(out, ",\"result\":", Optional.of(r.result()));
            case JsonRpcErrorResponse e -> false;
        };
        if (!plain) {
            return null;
        }
        out.raw((byte) '}');
        return out.toByteArray();
    }

    private static boolean plainId(PlainJsonOut out, RequestId id) {
        out.ascii(",\"id\":");
        return switch (id) {
            case RequestId.NumberId n -> {
                out.number(n.value());
                yield true;
            }
            case RequestId.StringId s -> out.string(s.value());
        };
    }

    private static boolean plainMethod(PlainJsonOut out, String method) {
        out.ascii(",\"method\":");
        return out.string(method);
    }

    private static boolean plainMember(PlainJsonOut out, String nameAndColon, Optional<JsonNode> value) {
        if (value.isEmpty()) {
            return true;
        }
        out.ascii(nameAndColon);
        return out.tree(value.get());
    }

    private void writeTree(JsonGenerator gen, String name, JsonNode value) {
        gen.writeName(name);
        JsonTrees.write(gen, value, pojo -> mapper().valueToTree(pojo));
    }

    private static void writeId(JsonGenerator gen, RequestId id) {
        switch (id) {
            case RequestId.NumberId n -> gen.writeNumberProperty("id", n.value());
            case RequestId.StringId s -> gen.writeStringProperty("id", s.value());
        }
    }

    /** Encodes one message as a JSON tree. */
    public ObjectNode toTree(JsonRpcMessage message) {
        ObjectNode node = newObject();
        node.put("jsonrpc", JsonRpcMessage.VERSION);
        switch (message) {
            case JsonRpcRequest r -> {
                putId(node, r.id());
                node.put("method", r.method());
                r.params().ifPresent(p -> node.set("params", p));
            }
            case JsonRpcNotification n -> {
                node.put("method", n.method());
                n.params().ifPresent(p -> node.set("params", p));
            }
            case JsonRpcResponse r -> {
                putId(node, r.id());
                node.set("result", r.result());
            }
            case JsonRpcErrorResponse e -> {
                e.id().ifPresentOrElse(id -> putId(node, id), () -> node.putNull("id"));
                ObjectNode error = node.putObject("error");
                error.put("code", e.error().code());
                error.put("message", e.error().message());
                e.error().data().ifPresent(d -> error.set("data", d));
            }
        }
        return node;
    }

    private static void putId(ObjectNode node, RequestId id) {
        switch (id) {
            case RequestId.NumberId n -> node.put("id", n.value());
            case RequestId.StringId s -> node.put("id", s.value());
        }
    }

    /** Converts a record (or any bean) to a JSON tree. */
    public JsonNode valueToTree(Object value) {
        JsonNode plain = value == null ? null : HandshakeRecords.toTree(value);
        return plain != null ? plain : mapper().valueToTree(value);
    }

    /**
     * The record built straight from its tree, for the handshake's types in their plain shapes; null for
     * any other type or shape, which Jackson converts. Equal records either way (each converter's test
     * checks). Other types' plain readers are passed in by whoever decodes them.
     */
    private static Object plainRecord(JsonNode node, Class<?> type) {
        if (type == Implementation.class) {
            return HandshakeRecords.implementation(node);
        }
        if (type == ServerCapabilities.class) {
            return HandshakeRecords.serverCapabilities(node);
        }
        return null;
    }

    /**
     * Converts a JSON tree to a record.
     *
     * @throws McpProtocolException when the tree does not have the type's shape
     */
    public <T> T treeToValue(JsonNode node, Class<T> type) {
        return treeToValue(node, type, tree -> null);
    }

    /**
     * Converts a JSON tree to a record, trying {@code plain} first: a reader that builds the record
     * straight from a tree in its common shape and returns null for any other, which Jackson then
     * converts. The reader must give the record Jackson gives (its test compares both paths). Why: for
     * the records of every call (a tool result, a tools list's items) Jackson's bean deserializer was the
     * largest single cost on the caller's side; their readers live beside their types, above the codec.
     *
     * @throws McpProtocolException when the tree does not have the type's shape
     */
    public <T> T treeToValue(JsonNode node, Class<T> type, Function<JsonNode, ? extends T> plain) {
        try {
            // A reader per type, kept: it holds the resolved type and deserializer, which the mapper's
            // treeToValue looks up again on every call (a measurable share of each tool call's cost).
            if (node == null) {
                return null;
            }
            if (type.isInstance(node)) {
                return type.cast(node); // asked for a tree: as the mapper's treeToValue does
            }
            T fast = plain.apply(node);
            if (fast != null) {
                return fast;
            }
            Object handshake = plainRecord(node, type);
            if (handshake != null) {
                return type.cast(handshake);
            }
            return readers.get(type).readValue(node);
        } catch (JacksonException e) {
            throw new McpProtocolException(null, "malformed " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }
}
