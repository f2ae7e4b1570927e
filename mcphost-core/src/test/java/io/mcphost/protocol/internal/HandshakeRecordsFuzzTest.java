package io.mcphost.protocol.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.protocol.lifecycle.Icon;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;

/**
 * {@link HandshakeRecords} differentially against Jackson, on any JSON a server sends as its info,
 * capabilities or icons: each reader declines (null) or gives exactly the record the mapper gives, and an
 * {@link Implementation} it writes is the tree the mapper writes.
 */
class HandshakeRecordsFuzzTest {
    private static final TypeReference<List<Icon>> ICONS = new TypeReference<>() {
    };

    @FuzzTest(maxDuration = "10m")
    void readsAsJacksonOrDeclines(byte[] input) {
        JsonNode tree = FuzzSupport.jacksonTree(input);
        if (tree == null || tree.isMissingNode()) {
            return;
        }
        FuzzSupport.assertReadsAsJackson(tree, Implementation.class, HandshakeRecords::implementation);
        FuzzSupport.assertReadsAsJackson(tree, ServerCapabilities.class, HandshakeRecords::serverCapabilities);
        for (JsonNode member : tree) { // the parts, as the handshake's result holds them
            FuzzSupport.assertReadsAsJackson(member, Implementation.class, HandshakeRecords::implementation);
            FuzzSupport.assertReadsAsJackson(member, ServerCapabilities.class, HandshakeRecords::serverCapabilities);
        }
        JsonNode iconsTree = tree.isObject() && tree.has("icons") ? tree.get("icons") : tree;
        List<Icon> icons = HandshakeRecords.icons(iconsTree);
        if (icons != null) {
            List<Icon> jackson;
            try {
                jackson = FuzzSupport.mapper().readerFor(ICONS).readValue(iconsTree);
            } catch (JacksonException e) {
                throw new AssertionError("icons read that Jackson refuses (" + e.getOriginalMessage() + "): " + iconsTree, e);
            }
            if (!icons.equals(jackson)) {
                throw new AssertionError("icons read differently: " + icons + " / " + jackson);
            }
        }
        Implementation info = HandshakeRecords.implementation(tree);
        if (info != null) {
            FuzzSupport.assertSameTree("Implementation written differently",
                    FuzzSupport.mapper().valueToTree(info), HandshakeRecords.toTree(info));
        }
    }
}
