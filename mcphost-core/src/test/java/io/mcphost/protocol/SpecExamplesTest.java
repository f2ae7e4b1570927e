package io.mcphost.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.internal.JsonCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import tools.jackson.databind.JsonNode;

/**
 * Round-trips every example of the 2026-07-28 specification
 * ({@code <spec dir>/2026-07-28/examples/<TypeName>/*.json}) through our codec and records, and checks
 * nothing is lost or changed.
 */
class SpecExamplesTest {
    private static final String VERSION = "2026-07-28";
    private static final int EXPECTED_MIN_FILES = 129;
    private static final JsonCodec CODEC = JsonCodec.get();

    /**
     * Our protocol packages. A spec type (an example folder, or the params/result of a message folder) maps to
     * the class of the same simple name in one of them; types we do not model have none and round-trip as
     * plain JSON trees.
     */
    private static final List<String> PACKAGES = List.of("io.mcphost.protocol", "io.mcphost.protocol.lifecycle",
            "io.mcphost.protocol.content", "io.mcphost.protocol.tools", "io.mcphost.protocol.resources",
            "io.mcphost.protocol.prompts", "io.mcphost.protocol.completion", "io.mcphost.protocol.logging",
            "io.mcphost.protocol.utilities", "io.mcphost.protocol.sampling", "io.mcphost.protocol.elicitation",
            "io.mcphost.protocol.roots", "io.mcphost.protocol.tasks", "io.mcphost.protocol.modern");
    /** Fewer examples than this going through a record means the type lookup broke, not that all is well. */
    private static final int EXPECTED_MIN_TYPED = 90;

    /**
     * Examples ("Folder/file.json") that one of our records does not round-trip faithfully. For these the
     * test asserts the round trip still differs, so it fails (and the entry must go) once the record is fixed.
     */
    private static final Map<String, String> KNOWN_GAPS = Map.of();

    @Test
    void findsAllSpecExamples() {
        assertThat(exampleFiles()).hasSizeGreaterThanOrEqualTo(EXPECTED_MIN_FILES);
    }

    @Test
    void knownGapsNameExistingExamples() {
        List<String> names = exampleFiles().stream().map(SpecExamplesTest::displayName).toList();
        assertThat(names).containsAll(KNOWN_GAPS.keySet());
    }

    @TestFactory
    Stream<DynamicTest> everyExampleRoundTrips() {
        return exampleFiles().stream().map(file -> DynamicTest.dynamicTest(displayName(file), () -> roundTrip(file)));
    }

    @Test
    void mostExamplesGoThroughOneOfOurRecords() {
        long typed = exampleFiles().stream().filter(file -> !recordsFor(file).isEmpty()).count();
        assertThat(typed).isGreaterThanOrEqualTo(EXPECTED_MIN_TYPED);
    }

    private static void roundTrip(Path file) throws IOException {
        String name = displayName(file);
        String text = Files.readString(file);
        JsonNode input = CODEC.mapper().readTree(text);
        List<String> differences = new ArrayList<>();

        // Every example, modelled or not, must survive our codec's plain tree form.
        assertThat(reparse(input)).as("%s via JsonNode", name).isEqualTo(input);
        if (input.isObject() && input.has("jsonrpc")) {
            // A whole JSON-RPC message: through the envelope codec (the payload record, if any, below).
            List<JsonRpcMessage> messages = CODEC.decode(text);
            assertThat(messages).hasSize(1);
            assertThat(reparse(CODEC.toTree(messages.getFirst()))).as("%s via JsonCodec.decode/toTree", name).isEqualTo(input);
        } else if (file.getParent().getFileName().toString().endsWith("Error")) {
            // A bare error object: through the codec inside an error response.
            String response = "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":" + text + "}";
            JsonNode error = reparse(CODEC.toTree(CODEC.decodeOne(response))).get("error");
            assertThat(error).as("%s via JsonCodec.decode/toTree", name).isEqualTo(input);
        }
        for (Map.Entry<String, Class<?>> typed : recordsFor(file).entrySet()) {
            JsonNode node = typed.getKey().isEmpty() ? input : input.get(typed.getKey());
            collect(differences, node, typed.getValue(), (name + " " + typed.getKey()).trim());
        }

        if (KNOWN_GAPS.containsKey(name)) {
            assertThat(differences)
                    .as("%s is listed in KNOWN_GAPS (%s) but now round-trips: remove it from the list",
                            name, KNOWN_GAPS.get(name))
                    .isNotEmpty();
        } else {
            assertThat(differences).as("%s round trip", name).isEmpty();
        }
    }

    /**
     * The records an example goes through, keyed by member ("" for the whole example). Message folders
     * ({@code XxxRequest}, {@code XxxNotification}, {@code XxxResultResponse}, {@code XxxError}) hold whole
     * messages; 2026-07-28 input requests have no {@code jsonrpc}/{@code id} and some error examples are the
     * bare error object, so the payload is typed whatever the envelope.
     */
    private static Map<String, Class<?>> recordsFor(Path file) {
        String folder = file.getParent().getFileName().toString();
        JsonNode input = CODEC.mapper().readTree(readString(file));
        Map<String, Class<?>> records = new LinkedHashMap<>();
        if (folder.endsWith("ResultResponse") && input.has("result")) {
            modelled(folder.substring(0, folder.length() - "Response".length())).ifPresent(c -> records.put("result", c));
        } else if ((folder.endsWith("Request") || folder.endsWith("Notification")) && input.has("method")) {
            if (input.has("params")) {
                modelled(folder + "Params").ifPresent(c -> records.put("params", c));
            }
        } else if (folder.endsWith("Error")) {
            // Error objects are read by JsonCodec itself (as the envelope round trip checks), not by a record.
            return records;
        } else {
            modelled(folder).ifPresent(c -> records.put("", c));
        }
        return records;
    }

    private static Optional<Class<?>> modelled(String typeName) {
        for (String pkg : PACKAGES) {
            try {
                return Optional.of(Class.forName(pkg + "." + typeName));
            } catch (ClassNotFoundException e) {
                // not in this package; try the next
            }
        }
        return Optional.empty();
    }

    private static String readString(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses {@code node} into {@code type} and back; records a difference instead of failing. */
    private static void collect(List<String> differences, JsonNode node, Class<?> type, String what) {
        JsonNode back;
        try {
            back = reparse(CODEC.valueToTree(CODEC.treeToValue(node, type)));
        } catch (RuntimeException e) {
            differences.add(what + " as " + type.getSimpleName() + " failed: " + e);
            return;
        }
        if (!back.equals(node)) {
            differences.add(what + " as " + type.getSimpleName() + ":\n  expected " + node + "\n  but was  " + back);
        }
    }

    /** Serialises and parses again, so node types compare as a fresh parse would produce them. */
    private static JsonNode reparse(JsonNode node) {
        return CODEC.mapper().readTree(CODEC.mapper().writeValueAsString(node));
    }

    private static String displayName(Path file) {
        return file.getParent().getFileName() + "/" + file.getFileName();
    }

    private static List<Path> exampleFiles() {
        Path examples = SpecSchemas.specDir().resolve(VERSION).resolve("examples");
        try (Stream<Path> folders = Files.list(examples)) {
            return folders.filter(Files::isDirectory)
                    .flatMap(SpecExamplesTest::jsonFiles)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Stream<Path> jsonFiles(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".json")).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
