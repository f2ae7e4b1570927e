package io.mcphost.protocol.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;

/**
 * {@link JsonTrees}, the codec's reader and writer on Jackson's streaming core (no mapper), differentially
 * against the mapper: from bytes (where {@link PlainJson} goes first) and from text it reads node for node
 * the mapper's tree, or refuses what the mapper refuses; and it writes a tree byte for byte as the mapper
 * writes it. Its deliberate differences are allowed: a number beyond a double's range read as its exact
 * decimal, a byte order mark skipped at the start of text as at the start of bytes, and a 0xFF byte refused.
 */
class JsonTreesFuzzTest {
    private static final JsonFactory FACTORY = new JsonFactory();

    @FuzzTest(maxDuration = "10m")
    void readsAndWritesAsTheMapper(byte[] input) {
        JsonNode jackson = FuzzSupport.jacksonTree(input);
        JsonNode fromBytes = readOrNull(() -> JsonTrees.read(FACTORY, input, 0, input.length));
        if (jackson == null || fromBytes == null) {
            if (jackson != fromBytes && !refusedBeyondDecimalLimits(fromBytes, jackson) && !refusedFf(fromBytes, input)) {
                throw new AssertionError("JsonTrees and the mapper disagree on whether the bytes are JSON: "
                        + fromBytes + " / " + jackson);
            }
        } else {
            FuzzSupport.assertSameAsMappersTree("JsonTrees (bytes) and the mapper read differently", jackson, fromBytes);
        }
        String text = JsonCodecFuzzTest.strictUtf8(input);
        if (text != null) {
            // A leading byte order mark: skipped by JsonTrees as by the byte parser, refused by the mapper's text parser.
            String unmarked = text.startsWith("\uFEFF") ? text.substring(1) : text;
            JsonNode mapperText = readOrNull(() -> FuzzSupport.mapper().readTree(unmarked));
            JsonNode fromText = readOrNull(() -> JsonTrees.read(FACTORY, text));
            if (mapperText == null || fromText == null) {
                if (mapperText != fromText && !refusedBeyondDecimalLimits(fromText, mapperText)) {
                    throw new AssertionError("JsonTrees and the mapper disagree on whether the text is JSON: "
                            + fromText + " / " + mapperText);
                }
            } else {
                FuzzSupport.assertSameAsMappersTree("JsonTrees (text) and the mapper read differently", mapperText, fromText);
            }
        }
        if (fromBytes != null && !fromBytes.isMissingNode()) {
            byte[] mine = write(fromBytes);
            byte[] mapper = FuzzSupport.mapper().writeValueAsBytes(fromBytes);
            if (!Arrays.equals(mine, mapper)) {
                throw new AssertionError("JsonTrees and the mapper write differently:\n mine:   "
                        + new String(mine, java.nio.charset.StandardCharsets.UTF_8) + "\n mapper: "
                        + new String(mapper, java.nio.charset.StandardCharsets.UTF_8));
            }
        }
    }

    /**
     * The one refusal of JsonTrees the mapper does not share: a number beyond a double's range whose exact
     * decimal is beyond Jackson's limits too (1e9999999999), which the mapper reads as an infinite double.
     */
    private static boolean refusedBeyondDecimalLimits(JsonNode ours, JsonNode mappers) {
        return ours == null && mappers != null && hasInfinity(mappers);
    }

    /**
     * The other: a 0xFF byte (never UTF-8), which JsonTrees refuses and the mapper may take, once its name table
     * holds a name whose padded bytes are the same ({@code "meth\xFFod"} read as {@code "method"}; see
     * InvalidUtf8NameTest).
     */
    private static boolean refusedFf(JsonNode ours, byte[] input) {
        if (ours != null) {
            return false;
        }
        for (byte b : input) {
            if (b == (byte) 0xFF) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasInfinity(JsonNode node) {
        if (node.isDouble() && Double.isInfinite(node.doubleValue())) {
            return true;
        }
        for (JsonNode child : node) {
            if (hasInfinity(child)) {
                return true;
            }
        }
        return false;
    }

    private static byte[] write(JsonNode tree) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator gen = FACTORY.createGenerator(ObjectWriteContext.empty(), out)) {
            JsonTrees.write(gen, tree, pojo -> {
                throw new AssertionError("no POJO in a parsed tree");
            });
        }
        return out.toByteArray();
    }

    private static JsonNode readOrNull(java.util.function.Supplier<JsonNode> read) {
        try {
            return read.get();
        } catch (JacksonException refused) {
            return null;
        }
    }
}
