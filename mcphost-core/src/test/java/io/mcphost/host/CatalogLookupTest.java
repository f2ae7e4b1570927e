package io.mcphost.host;

import static io.mcphost.host.Offers.catalog;
import static io.mcphost.host.Offers.offer;
import static io.mcphost.host.Offers.server;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.host.internal.catalog.UriTemplatePattern;
import io.mcphost.protocol.McpProtocolException;
import org.junit.jupiter.api.Test;

/** Suggestions for unknown names and routing of resource URIs. */
class CatalogLookupTest {
    private final Catalog tools = catalog(server("demo", "echo", "add", "slow_task"),
            server("github", "create_issue", "search_issues", "get.file"));

    @Test
    void aNameWithoutItsPrefixSuggestsThePrefixedName() {
        assertThat(tools.suggest("echo")).contains("demo__echo");
        assertThat(tools.suggest("create_issue")).contains("github__create_issue");
    }

    @Test
    void aNameWithReplacedCharactersOrAnotherCaseIsFound() {
        assertThat(tools.suggest("get.file")).contains("github__get_file");
        assertThat(tools.suggest("github__get.file")).contains("github__get_file");
        assertThat(tools.suggest("DEMO__ECHO")).contains("demo__echo");
        assertThat(tools.suggest("Slow_Task")).contains("demo__slow_task");
    }

    @Test
    void aMistypedNameSuggestsTheClosestTool() {
        assertThat(tools.suggest("demo__ehco")).as("swapped letters").contains("demo__echo");
        assertThat(tools.suggest("demo_echo")).as("one underscore").contains("demo__echo");
        assertThat(tools.suggest("creat_isue")).contains("github__create_issue");
        assertThat(tools.suggest("serch_issues")).contains("github__search_issues");
    }

    @Test
    void nothingIsSuggestedForANameFarFromEveryTool() {
        assertThat(tools.suggest("delete_repository")).isEmpty();
        assertThat(tools.suggest("ad")).as("two characters are too short to guess from").isEmpty();
        assertThat(tools.suggest("x".repeat(10_000))).isEmpty();
        assertThat(Catalog.empty().suggest("echo")).isEmpty();
    }

    @Test
    void aKnownNameSuggestsItselfAndTiesGoToTheToolListedFirst() {
        assertThat(tools.suggest("demo__add")).contains("demo__add");
        Catalog twice = catalog(server("alpha", "search"), server("beta", "search"));
        assertThat(twice.suggest("search")).contains("alpha__search");
    }

    @Test
    void promptsHaveSuggestionsOfTheirOwn() {
        Catalog catalog = catalog(offer("docs").tools("summarise_tool").prompts("summarise", "review_code").build());

        assertThat(catalog.suggestPrompt("summarise")).contains("docs__summarise");
        assertThat(catalog.suggestPrompt("docs__reveiw_code")).contains("docs__review_code");
        assertThat(catalog.suggestPrompt("summarise_tool")).as("tools are not prompts").isEmpty();
    }

    @Test
    void anExactResourceUriGoesToTheServerThatListedIt() {
        Catalog catalog = catalog(offer("files").resources("file:///etc/hosts").templates("file:///{+path}").build(),
                offer("config").resources("config://app/settings.json", "file:///etc/app.conf").build());

        assertThat(catalog.serverForUri("config://app/settings.json")).contains("config");
        // An exact resource beats an earlier server's template that also matches it.
        assertThat(catalog.serverForUri("file:///etc/app.conf")).contains("config");
        assertThat(catalog.serverForUri("file:///home/ada/notes.txt")).contains("files");
        assertThat(catalog.serverForUri("https://example.com/")).isEmpty();
    }

    @Test
    void templatesAreTriedInServerOrder() {
        Catalog catalog = catalog(offer("users").templates("db://users/{id}").build(),
                offer("everything").templates("test://static/resource/{id}", "db://{table}/{id}").build());

        assertThat(catalog.serverForUri("db://users/42")).contains("users");
        assertThat(catalog.serverForUri("db://orders/7")).contains("everything");
        assertThat(catalog.serverForUri("test://static/resource/12")).contains("everything");
        assertThat(catalog.serverForUri("db://users/42/extra")).isEmpty();
    }

    @Test
    void aTemplateTooLargeToMatchALongUriLetsTheNextOneTryAndFailsCleanlyWhenNoneMatches() {
        Catalog catalog = catalog(offer("huge").templates("db://" + "{a}/".repeat(2_000)).build(),
                offer("tail").templates("db://{+rest}.json").build());
        String uri = "db://" + "x/".repeat(50_000);

        assertThat(catalog.serverForUri(uri + ".json")).contains("tail");
        assertThatThrownBy(() -> catalog.serverForUri(uri)).isInstanceOf(McpProtocolException.class)
                .hasMessageContaining("too many to match");
    }

    @Test
    void aSimpleVariableIsOnePathSegment() {
        UriTemplatePattern pattern = UriTemplatePattern.compile("repo://{owner}/{repo}/issues");

        assertThat(pattern.matches("repo://octo/hello-world/issues")).isTrue();
        assertThat(pattern.matches("repo://octo/hello%20world/issues")).isTrue();
        assertThat(pattern.matches("repo://octo/a/b/issues")).isFalse();
        assertThat(pattern.matches("repo://octo/hello-world/issues?x=1")).isFalse();
        assertThat(pattern.matches("REPO://octo/hello-world/issues")).as("literal text is case-sensitive").isFalse();
    }

    @Test
    void reservedExpansionSpansSlashes() {
        UriTemplatePattern pattern = UriTemplatePattern.compile("file:///{+path}");

        assertThat(pattern.matches("file:///home/ada/a b/c.txt")).isTrue();
        assertThat(pattern.matches("file:///")).isTrue();
        assertThat(pattern.matches("file://host/x")).isFalse();
    }

    @Test
    void aQueryExpressionMayBeAbsentOrCarryParameters() {
        UriTemplatePattern pattern = UriTemplatePattern.compile("search://items{?q,limit}");

        assertThat(pattern.matches("search://items")).isTrue();
        assertThat(pattern.matches("search://items?q=shoes&limit=5")).isTrue();
        assertThat(pattern.matches("search://items/more")).isFalse();
        assertThat(pattern.matches("search://itemsq=shoes")).isFalse();
        assertThat(UriTemplatePattern.compile("api://x{?a}{&b}").matches("api://x?a=1&b=2")).isTrue();
    }

    @Test
    void otherOperatorsAndMalformedTemplatesMatchSensibly() {
        assertThat(UriTemplatePattern.compile("doc://x{#section}").matches("doc://x#intro")).isTrue();
        assertThat(UriTemplatePattern.compile("doc://x{/a,b}").matches("doc://x/one/two")).isTrue();
        assertThat(UriTemplatePattern.compile("doc://x{.ext}").matches("doc://x.json")).isTrue();
        assertThat(UriTemplatePattern.compile("doc://x{.ext}").matches("doc://x/json")).isFalse();
        assertThat(UriTemplatePattern.compile("doc://x{;v}").matches("doc://x;v=1")).isTrue();
        assertThat(UriTemplatePattern.compile("doc://{unclosed").matches("doc://{unclosed")).isTrue();
        assertThat(UriTemplatePattern.compile("doc://{unclosed").matches("doc://anything")).isFalse();
    }

    @Test
    void matchingStaysFastForTemplatesBuiltToBacktrack() {
        UriTemplatePattern pattern = UriTemplatePattern.compile("x://" + "{a}{+b}".repeat(40) + "!");
        String uri = "x://" + "a/".repeat(20_000);

        long start = System.nanoTime();
        assertThat(pattern.matches(uri)).isFalse();
        assertThat(System.nanoTime() - start).isLessThan(2_000_000_000L);
    }

    @Test
    void aUriOfferedTwiceGoesToTheFirstServerAndIsReported() {
        Catalog catalog = catalog(offer("a").resources("mem://shared").templates("t://{x}").build(),
                offer("b").resources("mem://shared", "mem://own").templates("t://{x}").build());

        assertThat(catalog.resources()).extracting(HostResource::server, HostResource::uri)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("a", "mem://shared"),
                        org.assertj.core.groups.Tuple.tuple("b", "mem://own"));
        assertThat(catalog.resourceTemplates()).extracting(HostResourceTemplate::server).containsExactly("a");
        assertThat(catalog.serverForUri("mem://shared")).contains("a");
        assertThat(catalog.collisions()).extracting(NameCollision::kind, NameCollision::name).containsExactly(
                org.assertj.core.groups.Tuple.tuple(NameCollision.Kind.RESOURCE, "mem://shared"),
                org.assertj.core.groups.Tuple.tuple(NameCollision.Kind.RESOURCE_TEMPLATE, "t://{x}"));
        assertThat(catalog.collisions().getFirst().resolution())
                .isEqualTo("resource 'mem://shared' is offered 2 times; the one of 'a' is used, the others are left out");
        assertThat(catalog.collisions().getFirst().servers()).containsExactly("a", "b");
    }
}
