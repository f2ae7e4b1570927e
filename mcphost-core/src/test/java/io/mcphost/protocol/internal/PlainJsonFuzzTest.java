package io.mcphost.protocol.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@link PlainJson}'s reader differentially against Jackson: for every input it declines (null) or reads
 * node for node the tree the mapper's {@code readTree} reads; it never reads what Jackson refuses, and it
 * reads only the slice it is given (garbage around it must not matter).
 */
class PlainJsonFuzzTest {

    @FuzzTest(maxDuration = "10m")
    void readsAsJacksonOrDeclines(byte[] input) {
        byte[] padded = new byte[input.length + 4];
        Arrays.fill(padded, (byte) '1'); // digits: a number running past the slice would show
        System.arraycopy(input, 0, padded, 2, input.length);
        JsonNode plain = PlainJson.read(padded, 2, input.length);
        JsonNode whole = PlainJson.read(input, 0, input.length);
        if ((plain == null) != (whole == null) || plain != null && !FuzzSupport.sameTree(whole, plain)) {
            throw new AssertionError("a slice reads differently from the whole array: " + plain + " / " + whole);
        }
        if (plain == null) {
            return;
        }
        JsonNode jackson;
        try {
            jackson = FuzzSupport.mapper().readTree(input);
        } catch (JacksonException e) {
            throw new AssertionError("PlainJson read what Jackson refuses (" + e.getOriginalMessage() + "): " + plain, e);
        }
        FuzzSupport.assertSameTree("PlainJson and Jackson read differently", jackson, plain);
    }
}
