package io.mcphost.protocol.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;
import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link DirectCreators} differentially against Jackson's own creator calls: the codec's mapper and one
 * configured alike but without the module read every record type ({@link FuzzSupport#RECORD_TYPES}) from
 * any tree into equal records, or both refuse it with the same exception type and message. Input: the
 * first byte picks the type, the rest is the JSON.
 */
class DirectCreatorsFuzzTest {
    /** {@link JsonCodec#build()} without {@link DirectCreators}. */
    private static final JsonMapper WITHOUT = JsonCodec.build(false);

    @FuzzTest(maxDuration = "10m")
    void createsAsJackson(byte[] input) {
        if (input.length < 1) {
            return;
        }
        Class<?> type = FuzzSupport.RECORD_TYPES.get(Byte.toUnsignedInt(input[0]) % FuzzSupport.RECORD_TYPES.size());
        JsonNode tree = FuzzSupport.jacksonTree(Arrays.copyOfRange(input, 1, input.length));
        if (tree == null) {
            return;
        }
        Object direct;
        Object jackson;
        JacksonException directError = null;
        JacksonException jacksonError = null;
        try {
            direct = FuzzSupport.mapper().treeToValue(tree, type);
        } catch (JacksonException e) {
            direct = null;
            directError = e;
        }
        try {
            jackson = WITHOUT.treeToValue(tree, type);
        } catch (JacksonException e) {
            jackson = null;
            jacksonError = e;
        }
        if (directError != null || jacksonError != null) {
            if (directError == null || jacksonError == null || directError.getClass() != jacksonError.getClass()
                    || !Objects.equals(directError.getOriginalMessage(), jacksonError.getOriginalMessage())) {
                throw new AssertionError("DirectCreators and Jackson fail differently on a " + type.getSimpleName() + " from "
                        + tree + ":\n direct:  " + (directError == null ? direct : directError)
                        + "\n jackson: " + (jacksonError == null ? jackson : jacksonError));
            }
            return;
        }
        if (!Objects.equals(direct, jackson)) {
            throw new AssertionError("DirectCreators and Jackson create differently from " + tree + ":\n direct:  " + direct
                    + "\n jackson: " + jackson);
        }
    }
}
