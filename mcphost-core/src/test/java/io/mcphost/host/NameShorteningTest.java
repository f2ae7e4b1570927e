package io.mcphost.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.host.internal.catalog.CatalogBuilder;
import io.mcphost.host.internal.catalog.ServerOffer;
import io.mcphost.protocol.tools.Tool;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Property-style checks of sanitising and shortening over many generated names. */
class NameShorteningTest {
    private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-. /:é🙂";

    /** Names that share long beginnings, so shortening has to tell them apart by the hash alone. */
    private static List<String> generatedNames(long seed, int count) {
        Random random = new Random(seed);
        String[] heads = {"a".repeat(60), "get_the_very_long_resource_name_of_the_".repeat(2), "x.y.z-".repeat(12), ""};
        Set<String> names = new HashSet<>();
        while (names.size() < count) {
            StringBuilder name = new StringBuilder(heads[random.nextInt(heads.length)]);
            int length = 1 + random.nextInt(random.nextBoolean() ? 20 : 140);
            for (int i = 0; i < length; i++) {
                name.appendCodePoint(ALPHABET.codePointAt(ALPHABET.offsetByCodePoints(0,
                        random.nextInt(ALPHABET.codePointCount(0, ALPHABET.length())))));
            }
            names.add(name.toString());
        }
        return new ArrayList<>(names);
    }

    private static Catalog catalogOf(ToolNaming naming, List<List<String>> servers) {
        CatalogBuilder builder = new CatalogBuilder(naming, ToolFilter.all());
        for (int i = 0; i < servers.size(); i++) {
            builder.add(ServerOffer.ofTools("server" + i, servers.get(i).stream().map(Offers::tool).toList()));
        }
        return builder.build();
    }

    @Test
    void everyGeneratedNameBecomesAUniqueValidNameTheSameEveryTime() {
        for (ToolNaming naming : List.of(ToolNaming.prefixed(), ToolNaming.unprefixed())) {
            List<List<String>> servers = List.of(generatedNames(1, 3_000), generatedNames(2, 3_000), generatedNames(3, 3_000));

            Catalog catalog = catalogOf(naming, servers);
            Catalog again = catalogOf(naming, servers);

            assertThat(catalog.tools()).hasSize(servers.stream().mapToInt(List::size).sum());
            List<String> names = Offers.names(catalog);
            assertThat(names).doesNotHaveDuplicates().allMatch(n -> n.matches("^[a-zA-Z0-9_-]{1,64}$"), "valid");
            assertThat(Offers.names(again)).isEqualTo(names);
            assertThat(catalog.tools()).allMatch(tool -> catalog.tool(tool.name()).orElseThrow() == tool, "found by its name");
        }
    }

    @Test
    void aValidNameIsKeptAsItIsALongOneIsCutToSixtyFourWithAHashAndOnlyCollisionsRename() {
        List<String> originals = generatedNames(4, 5_000);
        Catalog catalog = catalogOf(ToolNaming.unprefixed(), List.of(originals));

        Set<String> renamed = new HashSet<>();
        catalog.collisions().forEach(c -> renamed.addAll(c.originalNames().subList(1, c.originalNames().size())));
        assertThat(renamed).isNotEmpty().hasSizeLessThan(originals.size() / 10);
        for (HostTool tool : catalog.tools()) {
            String original = tool.originalName();
            if (renamed.contains(original)) {
                assertThat(tool.name()).startsWith("server0__");
            } else if (original.matches("^[a-zA-Z0-9_-]{1,64}$")) {
                assertThat(tool.name()).isEqualTo(original);
            } else if (original.codePointCount(0, original.length()) > 64) {
                assertThat(tool.name()).hasSize(64).matches(".{53}_[0-9a-f]{10}");
            } else {
                assertThat(tool.name()).hasSize(original.codePointCount(0, original.length()));
            }
        }
    }

    @Test
    void aLongNameKeepsItsNameWhenOtherServersAndToolsComeAndGo() {
        List<String> first = generatedNames(5, 500);
        Catalog alone = catalogOf(ToolNaming.prefixed(), List.of(first));
        Catalog crowded = catalogOf(ToolNaming.prefixed(), List.of(first, generatedNames(6, 500), first));

        assertThat(Offers.names(crowded).subList(0, first.size())).isEqualTo(Offers.names(alone));
    }

    @Test
    void theShortenedNameDependsOnTheWholeOriginalNotOnlyTheKeptHead() {
        String head = "h".repeat(80);
        List<Tool> tools = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            tools.add(Offers.tool(head + i));
        }
        Catalog catalog = new CatalogBuilder(ToolNaming.unprefixed(), ToolFilter.all())
                .add(ServerOffer.ofTools("s", tools)).build();

        assertThat(Offers.names(catalog)).doesNotHaveDuplicates().allMatch(n -> n.startsWith("h".repeat(53) + "_"));
        // 2,000 hashes of 40 bits: a clash would show up as a collision; none is expected.
        assertThat(catalog.collisions()).isEmpty();
    }
}
