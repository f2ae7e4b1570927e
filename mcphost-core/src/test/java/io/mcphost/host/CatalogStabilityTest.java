package io.mcphost.host;

import static io.mcphost.host.Offers.server;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.host.internal.catalog.CatalogBuilder;
import io.mcphost.host.internal.catalog.ServerOffer;
import org.junit.jupiter.api.Test;

/**
 * A name, once exposed, stays with its server while that server offers the tool: a server that adds a
 * tool at runtime (list_changed) never takes a name from another, whatever their order in the config.
 */
class CatalogStabilityTest {

    private static Catalog build(ToolNaming naming, Catalog previous, ServerOffer... offers) {
        CatalogBuilder builder = new CatalogBuilder(naming, ToolFilter.all()).after(previous);
        for (ServerOffer offer : offers) {
            builder.add(offer);
        }
        return builder.build();
    }

    @Test
    void anEarlierServerAddingACraftedNameAtRuntimeDoesNotTakeItFromALaterOne() {
        ToolNaming naming = ToolNaming.prefixed();
        Catalog first = build(naming, Catalog.empty(), server("a", "x"), server("a__b", "extra"));
        assertThat(first.tool("a__b__extra")).get().extracting(HostTool::server).isEqualTo("a__b");

        // Server a now lists b__extra, whose primary name a__b__extra is held by server a__b.
        Catalog second = build(naming, first, server("a", "x", "b__extra"), server("a__b", "extra"));

        assertThat(second.tool("a__b__extra")).get().extracting(HostTool::server).isEqualTo("a__b");
        assertThat(second.toolsOf("a")).extracting(HostTool::originalName).contains("b__extra");
        assertThat(second.collisions()).anySatisfy(c -> assertThat(c.name()).isEqualTo("a__b__extra"));
    }

    @Test
    void withUnprefixedNamesTheFirstToExposeANameKeepsIt() {
        ToolNaming naming = ToolNaming.unprefixed();
        Catalog first = build(naming, Catalog.empty(), server("early", "a"), server("late", "search"));
        assertThat(first.tool("search")).get().extracting(HostTool::server).isEqualTo("late");

        Catalog second = build(naming, first, server("early", "a", "search"), server("late", "search"));

        assertThat(second.tool("search")).get().extracting(HostTool::server).isEqualTo("late");
        assertThat(second.toolsOf("early")).extracting(HostTool::originalName).containsExactlyInAnyOrder("a", "search");
        assertThat(second.toolsOf("early")).extracting(HostTool::name).doesNotContain("search");
    }

    @Test
    void aNameIsFreedWhenItsServerNoLongerOffersTheTool() {
        ToolNaming naming = ToolNaming.unprefixed();
        Catalog first = build(naming, Catalog.empty(), server("early", "a"), server("late", "search"));
        Catalog second = build(naming, first, server("early", "a", "search"), server("late", "other"));

        assertThat(second.tool("search")).get().extracting(HostTool::server).isEqualTo("early");
    }

    @Test
    void withoutAPreviousCatalogNamingIsAsBefore() {
        Catalog fresh = build(ToolNaming.unprefixed(), Catalog.empty(), server("early", "search"), server("late", "search"));
        assertThat(fresh.tool("search")).get().extracting(HostTool::server).isEqualTo("early");
    }

    @Test
    void aCollisionStaysReportedAcrossRebuildsThatKeepTheNames() {
        ToolNaming naming = ToolNaming.unprefixed();
        Catalog first = build(naming, Catalog.empty(), server("early", "search"), server("late", "search"));
        Catalog again = build(naming, first, server("early", "search"), server("late", "search"));

        assertThat(again.tools()).extracting(HostTool::name).isEqualTo(first.tools().stream().map(HostTool::name).toList());
        assertThat(again.collisions()).isEqualTo(first.collisions()).isNotEmpty();
    }
}
