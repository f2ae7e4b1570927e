package io.mcphost.host;

import static io.mcphost.host.Offers.names;
import static io.mcphost.host.Offers.offer;
import static io.mcphost.host.Offers.server;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.host.internal.catalog.CatalogBuilder;
import io.mcphost.host.internal.catalog.ServerOffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolFilterTest {
    @Test
    void starMatchesAnyRunAndQuestionMarkOneCharacter() {
        ToolFilter filter = ToolFilter.allow("read_*", "get_?", "*_log*", "exact");

        assertThat(filter.allows("read_")).isTrue();
        assertThat(filter.allows("read_file")).isTrue();
        assertThat(filter.allows("get_x")).isTrue();
        assertThat(filter.allows("get_xy")).isFalse();
        assertThat(filter.allows("get_")).isFalse();
        assertThat(filter.allows("tail_logs_now")).isTrue();
        assertThat(filter.allows("exact")).isTrue();
        assertThat(filter.allows("exactly")).isFalse();
        assertThat(filter.allows("fs__read_file")).as("a pattern matches the whole name").isFalse();
    }

    @Test
    void patternsAreCaseSensitiveAndOtherCharactersAreLiteral() {
        ToolFilter filter = ToolFilter.allow("Read.File", "a+b", "[x]");

        assertThat(filter.allows("Read.File")).isTrue();
        assertThat(filter.allows("read.file")).isFalse();
        assertThat(filter.allows("ReadXFile")).as("'.' is not a wildcard").isFalse();
        assertThat(filter.allows("a+b")).isTrue();
        assertThat(filter.allows("aab")).isFalse();
        assertThat(filter.allows("[x]")).isTrue();
        assertThat(filter.allows("x")).isFalse();
    }

    @Test
    void starsBacktrackCorrectlyAndQuicklyOnHostilePatterns() {
        assertThat(ToolFilter.allow("*a*b*c").allows("xxaxxbxxbxxc")).isTrue();
        assertThat(ToolFilter.allow("*a*b*c").allows("xxaxxbxxbxxd")).isFalse();
        assertThat(ToolFilter.allow("**?").allows("")).isFalse();
        assertThat(ToolFilter.allow("*").allows("")).isTrue();
        String hostile = "*a".repeat(30) + "*b";
        long start = System.nanoTime();
        assertThat(ToolFilter.allow(hostile).allows("a".repeat(5_000))).isFalse();
        assertThat(System.nanoTime() - start).isLessThan(2_000_000_000L);
    }

    @Test
    void denyWinsOverAllow() {
        ToolFilter filter = ToolFilter.of(List.of("file_*"), List.of("*_delete", "file_write"));

        assertThat(filter.allows("file_read")).isTrue();
        assertThat(filter.allows("file_write")).isFalse();
        assertThat(filter.allows("file_delete")).isFalse();
        assertThat(filter.allows("shell")).as("not in the allow list").isFalse();
    }

    @Test
    void anEmptyAllowListAllowsAllButAnExplicitAllowOfNothingAllowsNothing() {
        assertThat(ToolFilter.of(List.of(), List.of()).allows("anything")).isTrue();
        assertThat(ToolFilter.of(List.of(), List.of())).isEqualTo(ToolFilter.all());
        assertThat(ToolFilter.deny("x").allows("y")).isTrue();
        assertThat(ToolFilter.allow().allows("y")).isFalse();
        assertThat(ToolFilter.all().allowsAll()).isTrue();
        assertThat(ToolFilter.deny("x").allowsAll()).isFalse();
    }

    @Test
    void andRequiresBothFiltersToAllow() {
        ToolFilter both = ToolFilter.allow("read_*", "write_*").and(ToolFilter.deny("write_*"));

        assertThat(both.allows("read_file")).isTrue();
        assertThat(both.allows("write_file")).isFalse();
        assertThat(both.allows("exec")).isFalse();
        assertThat(ToolFilter.all().and(ToolFilter.deny("x"))).isEqualTo(ToolFilter.deny("x"));
        assertThat(both.toString()).isEqualTo("ToolFilter[allow[read_*, write_*] deny[] and allow[] deny[write_*]]");
    }

    @Test
    void withTwoNamesAPatternMatchesTheToolWhenItMatchesEither() {
        ToolFilter deny = ToolFilter.deny("delete_*", "github__*");
        ToolFilter allow = ToolFilter.allow("search", "memory__read_*");

        assertThat(deny.allows("fs__delete_file", "delete_file")).isFalse();
        assertThat(deny.allows("github__search", "search")).isFalse();
        assertThat(deny.allows("fs__read_file", "read_file")).isTrue();
        assertThat(allow.allows("web__search", "search")).isTrue();
        assertThat(allow.allows("memory__read_graph", "read_graph")).isTrue();
        assertThat(allow.allows("memory__write", "write")).isFalse();
    }

    @Test
    void theServerFilterSeesOriginalNamesAndActsAsIfTheToolWereNeverListed() {
        Catalog catalog = catalog(ToolNaming.unprefixed(), ToolFilter.all(),
                offer("alpha").tools("search", "read").filter(ToolFilter.deny("search")).build(),
                server("beta", "search"));

        assertThat(names(catalog)).containsExactly("read", "search");
        assertThat(catalog.tool("search")).get().extracting(HostTool::server).isEqualTo("beta");
        assertThat(catalog.collisions()).isEmpty();
    }

    @Test
    void theGlobalFilterHidesByExposedOrOriginalName() {
        Catalog catalog = catalog(ToolNaming.prefixed(), ToolFilter.deny("delete_*", "shell__*"),
                server("fs", "read_file", "delete_file"), server("db", "query", "delete_row"), server("shell", "run"));

        assertThat(names(catalog)).containsExactly("fs__read_file", "db__query");
        assertThat(catalog.tool("fs__delete_file")).isEmpty();
        assertThat(catalog.toolsOf("shell")).isEmpty();
    }

    @Test
    void aToolTheGlobalFilterHidesKeepsItsNameSoNothingIsRenamed() {
        Catalog catalog = catalog(ToolNaming.unprefixed(), ToolFilter.deny("x.y"),
                server("alpha", "x.y", "keep"), server("beta", "x_y"));

        // alpha's "x.y" (exposed as "x_y") is hidden but still holds its name: beta's "x_y" has the
        // name it would have had without the filter, so changing the filter renames nothing.
        assertThat(names(catalog)).containsExactly("keep", "beta__x_y");
        assertThat(catalog.tool("x_y")).isEmpty();
        assertThat(catalog.collisions()).singleElement().extracting(NameCollision::name).isEqualTo("x_y");
    }

    @Test
    void perServerAndGlobalFiltersMustBothAllow() {
        Catalog catalog = catalog(ToolNaming.prefixed(), ToolFilter.deny("fs__write_*"),
                offer("fs").tools("read_file", "write_file", "write_log", "delete_file")
                        .filter(ToolFilter.of(List.of("read_*", "write_*"), List.of())).build());

        assertThat(names(catalog)).containsExactly("fs__read_file");
        assertThat(catalog.tool("fs__delete_file")).isEmpty();
        assertThat(catalog.suggest("fs__write_file")).as("hidden tools are not suggested").isEmpty();
        assertThat(catalog.suggest("fs__read_fil")).contains("fs__read_file");
    }

    private static Catalog catalog(ToolNaming naming, ToolFilter global, ServerOffer... offers) {
        CatalogBuilder builder = new CatalogBuilder(naming, global);
        for (ServerOffer offer : offers) {
            builder.add(offer);
        }
        return builder.build();
    }
}
