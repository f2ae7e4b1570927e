package io.mcphost.host;

import static io.mcphost.host.Offers.catalog;
import static io.mcphost.host.Offers.names;
import static io.mcphost.host.Offers.offer;
import static io.mcphost.host.Offers.server;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.host.internal.catalog.CatalogBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogNamingTest {
    private static final String VALID = "^[a-zA-Z0-9_-]{1,64}$";

    @Test
    void toolsArePrefixedWithTheirServerNameByDefault() {
        Catalog catalog = catalog(server("github", "create_issue", "search"), server("memory", "search"));

        assertThat(names(catalog)).containsExactly("github__create_issue", "github__search", "memory__search");
        assertThat(catalog.tool("memory__search")).get()
                .satisfies(t -> assertThat(t.server()).isEqualTo("memory"))
                .satisfies(t -> assertThat(t.originalName()).isEqualTo("search"));
        assertThat(catalog.collisions()).isEmpty();
    }

    @Test
    void aConfiguredPrefixAndSeparatorReplaceTheDefaults() {
        Catalog catalog = catalog(ToolNaming.prefixed("-"), offer("github-enterprise").prefix("gh").tools("search").build());

        assertThat(names(catalog)).containsExactly("gh-search");
        assertThat(catalog.toolsOf("github-enterprise")).extracting(HostTool::originalName).containsExactly("search");
    }

    @Test
    void aSeparatorLLMApisWouldRejectIsRefusedWithASentence() {
        assertThatThrownBy(() -> ToolNaming.prefixed("."))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a tool name separator must be 1 to 16 characters of [a-zA-Z0-9_-], got \".\"");
        assertThat(ToolNaming.prefixed("__")).isEqualTo(ToolNaming.prefixed());
        assertThat(ToolNaming.unprefixed().prefixing()).isFalse();
        assertThat(ToolNaming.unprefixed().separator()).isEqualTo("__");
    }

    @Test
    void unprefixedNamingKeepsOriginalNames() {
        Catalog catalog = catalog(ToolNaming.unprefixed(), server("github", "create_issue"), server("memory", "read_graph"));

        assertThat(names(catalog)).containsExactly("create_issue", "read_graph");
        assertThat(catalog.collisions()).isEmpty();
    }

    @Test
    void anEmptyPrefixNamesThatServerAsIfUnprefixed() {
        Catalog catalog = catalog(offer("main").prefix("").tools("search").build(), server("other", "search"));

        assertThat(names(catalog)).containsExactly("search", "other__search");
    }

    @Test
    void charactersOutsideTheAllowedSetBecomeUnderscores() {
        Catalog catalog = catalog(server("my.server", "get.file", "list files", "café", "naïve/path", "emoji🙂", "a:b@c"));

        assertThat(names(catalog)).containsExactly("my_server__get_file", "my_server__list_files", "my_server__caf_",
                "my_server__na_ve_path", "my_server__emoji_", "my_server__a_b_c");
        assertThat(names(catalog)).allMatch(name -> name.matches(VALID));
        assertThat(catalog.tool("my_server__get_file")).get().extracting(HostTool::originalName).isEqualTo("get.file");
    }

    @Test
    void aNameThatFitsIsNeverChanged() {
        String sixtyFour = "s__" + "t".repeat(61);
        Catalog catalog = catalog(server("s", "t".repeat(61), "Tool-Name_9"));

        assertThat(names(catalog)).containsExactly(sixtyFour, "s__Tool-Name_9");
    }

    @Test
    void aNameOverSixtyFourCharactersKeepsItsHeadAndGetsAHashOfTheFullName() {
        String hundred = "x".repeat(100);
        Catalog catalog = catalog(server("srv", hundred));

        String name = catalog.tools().getFirst().name();
        assertThat(name).hasSize(64).matches(VALID).startsWith("srv__" + "x".repeat(48) + "_");
        assertThat(name.substring(54)).matches("[0-9a-f]{10}");
        assertThat(catalog.tool(name)).get().extracting(HostTool::originalName).isEqualTo(hundred);
        // The same input gives the same name in every build (and every JVM: SHA-256 of UTF-8).
        assertThat(names(catalog(server("srv", hundred)))).containsExactly(name);
    }

    @Test
    void twoLongNamesThatShareTheirFirstSixtyFourCharactersStayApart() {
        String head = "a".repeat(70);
        Catalog catalog = catalog(server("srv", head + "_one", head + "_two"));

        assertThat(names(catalog)).doesNotHaveDuplicates().allMatch(n -> n.matches(VALID));
        assertThat(catalog.collisions()).isEmpty();
    }

    @Test
    void unprefixedNamesThatClashFallBackToThePrefixedFormForTheLaterServer() {
        Catalog catalog = catalog(ToolNaming.unprefixed(),
                server("alpha", "search", "fetch"), server("beta", "search"), server("gamma", "search"));

        assertThat(names(catalog)).containsExactly("search", "fetch", "beta__search", "gamma__search");
        assertThat(catalog.collisions()).singleElement().satisfies(c -> {
            assertThat(c.kind()).isEqualTo(NameCollision.Kind.TOOL);
            assertThat(c.name()).isEqualTo("search");
            assertThat(c.servers()).containsExactly("alpha", "beta", "gamma");
            assertThat(c.originalNames()).containsExactly("search", "search", "search");
            assertThat(c.resolution()).isEqualTo("tool 'search' of 'alpha' keeps 'search'; "
                    + "tool 'search' of 'beta' is exposed as 'beta__search'; "
                    + "tool 'search' of 'gamma' is exposed as 'gamma__search'");
        });
    }

    @Test
    void whenTheFallbackIsTakenTooAHashSuffixDecides() {
        Catalog catalog = catalog(ToolNaming.unprefixed(), server("alpha", "search", "beta__search"), server("beta", "search"));

        List<String> names = names(catalog);
        assertThat(names.subList(0, 2)).containsExactly("search", "beta__search");
        assertThat(names.get(2)).matches("beta__search_[0-9a-f]{10}");
        assertThat(catalog.collisions()).singleElement().extracting(NameCollision::servers).asList()
                .containsExactly("alpha", "beta");
    }

    @Test
    void namesThatMeetOnlyAfterSanitisingAreBothKeptAndTheUnchangedOneWins() {
        // Listed with the dotted name first: listing order must not decide, the name needing no change does.
        Catalog catalog = catalog(server("fs", "get.file", "get_file"));

        assertThat(catalog.tool("fs__get_file")).get().extracting(HostTool::originalName).isEqualTo("get_file");
        HostTool dotted = catalog.toolsOf("fs").getFirst();
        assertThat(dotted.originalName()).isEqualTo("get.file");
        assertThat(dotted.name()).matches("fs__get_file_[0-9a-f]{10}");
        assertThat(catalog.collisions()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("fs__get_file");
            assertThat(c.servers()).containsExactly("fs", "fs");
            assertThat(c.originalNames()).containsExactly("get_file", "get.file");
        });
    }

    @Test
    void twoServersSharingAPrefixDoNotOverwriteEachOther() {
        Catalog catalog = catalog(offer("gh-work").prefix("gh").tools("search").build(),
                offer("gh-home").prefix("gh").tools("search").build());

        assertThat(catalog.tools()).hasSize(2);
        assertThat(catalog.tool("gh__search")).get().extracting(HostTool::server).isEqualTo("gh-work");
        assertThat(catalog.toolsOf("gh-home").getFirst().name()).matches("gh__search_[0-9a-f]{10}");
        assertThat(catalog.collisions()).hasSize(1);
    }

    @Test
    void addingAServerLaterRenamesNothingOfTheEarlierServers() {
        io.mcphost.host.internal.catalog.ServerOffer[] before = {server("alpha", "search", "x.y"), server("beta", "search", "x_y")};
        Catalog first = catalog(ToolNaming.unprefixed(), before);
        Catalog second = catalog(ToolNaming.unprefixed(), before[0], before[1], server("gamma", "search", "x_y", "x.y"));

        assertThat(names(second)).startsWith(names(first).toArray(String[]::new));
        assertThat(second.tools()).hasSize(first.tools().size() + 3);
    }

    @Test
    void listingTheSameToolsInAnotherOrderGivesTheSameNames() {
        Catalog forward = catalog(server("s", "a.b", "a_b", "a b", "c"));
        Catalog backward = catalog(server("s", "c", "a b", "a_b", "a.b"));

        for (HostTool tool : forward.tools()) {
            assertThat(backward.toolsOf("s")).filteredOn(t -> t.originalName().equals(tool.originalName()))
                    .singleElement().extracting(HostTool::name).isEqualTo(tool.name());
        }
    }

    @Test
    void aToolListedTwiceByOneServerIsKeptOnceAndReported() {
        Catalog catalog = catalog(server("s", "echo", "echo"));

        assertThat(names(catalog)).containsExactly("s__echo");
        assertThat(catalog.collisions()).singleElement().satisfies(c -> {
            assertThat(c.servers()).containsExactly("s", "s");
            assertThat(c.resolution()).isEqualTo("'s' lists tool 'echo' more than once; only the first is used, as 's__echo'");
        });
    }

    @Test
    void promptsAreNamedLikeToolsInTheirOwnNamespace() {
        Catalog catalog = catalog(ToolNaming.unprefixed(),
                offer("alpha").tools("review").prompts("review", "summarise").build(),
                offer("beta").prompts("review").build());

        assertThat(catalog.prompts()).extracting(HostPrompt::name).containsExactly("review", "summarise", "beta__review");
        assertThat(catalog.prompt("beta__review")).get().extracting(HostPrompt::originalName).isEqualTo("review");
        assertThat(catalog.tool("review")).isPresent();
        assertThat(catalog.collisions()).singleElement().satisfies(c -> {
            assertThat(c.kind()).isEqualTo(NameCollision.Kind.PROMPT);
            assertThat(c.resolution()).contains("prompt 'review' of 'beta' is exposed as 'beta__review'");
        });
    }

    @Test
    void skillsAreNamedLikeToolsInTheirOwnNamespaceAndKeepTheirNamesAcrossRebuilds() {
        Catalog first = catalog(ToolNaming.unprefixed(),
                offer("alpha").tools("pdf").prompts("pdf").skills("pdf", "csv-tools").build(),
                offer("beta").skills("pdf").build());

        assertThat(first.skills()).extracting(HostSkill::name).containsExactly("pdf", "csv-tools", "beta__pdf");
        assertThat(first.skill("beta__pdf")).get().satisfies(s -> {
            assertThat(s.server()).isEqualTo("beta");
            assertThat(s.originalName()).isEqualTo("pdf");
            assertThat(s.uri()).isEqualTo("skill://beta/pdf/SKILL.md");
        });
        assertThat(first.tool("pdf")).isPresent();
        assertThat(first.prompt("pdf")).isPresent();
        assertThat(first.collisions()).singleElement().satisfies(c -> {
            assertThat(c.kind()).isEqualTo(NameCollision.Kind.SKILL);
            assertThat(c.resolution()).contains("skill 'pdf' of 'beta' is exposed as 'beta__pdf'");
        });
        assertThat(first.suggestSkill("csv_tools")).hasValue("csv-tools");

        // beta listed first now: the name 'pdf' stays with alpha's skill, which still offers it.
        Catalog second = new CatalogBuilder(ToolNaming.unprefixed(), ToolFilter.all())
                .add(offer("beta").skills("pdf").build())
                .add(offer("alpha").skills("pdf").build())
                .after(first).build();
        assertThat(second.skill("pdf")).get().extracting(HostSkill::server).isEqualTo("alpha");
        assertThat(second.skill("beta__pdf")).get().extracting(HostSkill::server).isEqualTo("beta");
    }

    @Test
    void aServerCanBeAddedOnlyOnce() {
        CatalogBuilder builder = new CatalogBuilder(ToolNaming.prefixed(), ToolFilter.all()).add(server("s", "a"));

        assertThatThrownBy(() -> builder.add(server("s", "b")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("server 's' is already in this catalog");
    }

    @Test
    void aCatalogIsASnapshotItsListsCannotBeChanged() {
        Catalog catalog = catalog(offer("s").tools("a").prompts("p").resources("file:///a").templates("file:///{x}").build());

        assertThatThrownBy(() -> catalog.tools().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> catalog.prompts().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> catalog.resources().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> catalog.resourceTemplates().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> catalog.collisions().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> catalog.toolsOf("s").clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThat(Catalog.empty().tools()).isEmpty();
    }

    @Test
    void aHandMadeCatalogMustKeepTheNamingContract() {
        HostTool bad = new HostTool("has space", "s", Offers.tool("has space"));
        HostTool good = new HostTool("s__a", "s", Offers.tool("a"));

        assertThatThrownBy(() -> Catalog.of(List.of(bad), List.of(), List.of(), List.of(), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a tool name must match ^[a-zA-Z0-9_-]{1,64}$, got 'has space'");
        assertThatThrownBy(() -> Catalog.of(List.of(good, good), List.of(), List.of(), List.of(), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("two tools are named 's__a'");
    }
}
