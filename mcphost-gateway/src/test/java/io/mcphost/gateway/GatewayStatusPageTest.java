package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.auth.OAuthSettings;
import io.mcphost.auth.TokenStore;
import io.mcphost.client.McpClient;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.host.ServerState;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.oauth.OAuthTestServer;
import io.mcphost.testkit.oauth.ProtectedMcpServer;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import tools.jackson.databind.JsonNode;

/**
 * The admin endpoint's status page in a real browser: a headless Chromium driven by Selenium through
 * chromedriver, against a gateway in front of toolkit servers (one working, one failing, one behind
 * the testkit's OAuth authorization server). Skipped, saying so, where Chromium or chromedriver is not
 * installed (CI installs both). Screenshots go to {@code target/status-page*.png}.
 */
@Timeout(180)
class GatewayStatusPageTest {
    private static final JsonNode OBJECT = Json.parse("{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}");
    private static final Duration WAIT = Duration.ofSeconds(30);
    /**
     * Selenium looks for a DevTools (CDP) binding of the browser's version at each start and warns when it
     * has none; this test speaks WebDriver only. Held here: java.util.logging keeps loggers weakly.
     */
    private static final java.util.logging.Logger DEVTOOLS = java.util.logging.Logger.getLogger("org.openqa.selenium.devtools");

    static {
        DEVTOOLS.setLevel(java.util.logging.Level.SEVERE);
    }

    private final List<AutoCloseable> toClose = new ArrayList<>();
    private WebDriver browser;

    private static McpServer alpha() {
        return McpServer.builder().name("alpha").version("1")
                .tool(Tool.of("echo", "Echoes", OBJECT), call -> CallToolResult.text(call.arguments().path("text").asString("")))
                .tool(Tool.of("fails", "Always an isError result", OBJECT), call -> CallToolResult.error("it failed"))
                .build();
    }

    /** The server behind OAuth: an issue tracker's two tools. */
    private static McpServer linearServer() {
        return McpServer.builder().name("linear").version("1")
                .tool(Tool.of("create_issue", "Creates an issue", OBJECT), call -> CallToolResult.text("created"))
                .tool(Tool.of("list_issues", "Lists issues", OBJECT), call -> CallToolResult.text("[]"))
                .build();
    }

    @BeforeEach
    void startBrowser() {
        Optional<Path> chromium = executable("mcphost.test.chromium", List.of("/usr/bin/chromium"), List.of(),
                "chromium", "google-chrome", "google-chrome-stable", "chromium-browser");
        // GitHub's Ubuntu runners have Chrome on the PATH and its chromedriver in $CHROMEWEBDRIVER.
        Optional<Path> chromedriver = executable("mcphost.test.chromedriver", List.of("/usr/bin/chromedriver"),
                Optional.ofNullable(System.getenv("CHROMEWEBDRIVER")).stream().toList(), "chromedriver");
        Assumptions.assumeTrue(chromium.isPresent() && chromedriver.isPresent(),
                "skipped: the status page is tested in a headless Chromium, and this machine lacks "
                        + (chromium.isEmpty() ? "chromium" : "") + (chromium.isEmpty() && chromedriver.isEmpty() ? " and " : "")
                        + (chromedriver.isEmpty() ? "chromedriver" : "") + " (Debian: apt-get install chromium chromium-driver;"
                        + " or name them with -Dmcphost.test.chromium=... -Dmcphost.test.chromedriver=...)");
        // With the driver named, Selenium never runs Selenium Manager, which would download a driver.
        System.setProperty("webdriver.chrome.driver", chromedriver.get().toString());
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.get().toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1000",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-gpu");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver.get().toFile()).usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    @AfterEach
    void stop() throws Exception {
        if (browser != null) {
            browser.quit();
        }
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    /**
     * The executable the system property {@code property} names, when set (a path that is not one means
     * none: the test skips); else the first executable of {@code paths}, of {@code names} in {@code dirs},
     * then of {@code names} on the PATH.
     */
    private static Optional<Path> executable(String property, List<String> paths, List<String> dirs, String... names) {
        String configured = System.getProperty(property, "");
        if (!configured.isBlank()) {
            return Optional.of(Path.of(configured)).filter(Files::isExecutable);
        }
        List<String> path = Stream.concat(dirs.stream(),
                Stream.of(Optional.ofNullable(System.getenv("PATH")).orElse("").split(File.pathSeparator))).toList();
        return Stream.concat(paths.stream().map(Path::of), path.stream().filter(dir -> !dir.isEmpty())
                        .flatMap(dir -> Stream.of(names).map(name -> Path.of(dir, name))))
                .filter(Files::isExecutable).findFirst();
    }

    private StreamableHttpServer serve(McpServer server) {
        StreamableHttpServer http = StreamableHttpServer.builder(server).port(0).start();
        toClose.add(() -> http.close(Duration.ofSeconds(2)));
        return http;
    }

    private McpHost host(io.mcphost.host.McpHostBuilder builder) {
        McpHost host = builder.start();
        toClose.add(() -> host.close(Duration.ofSeconds(2)));
        return host;
    }

    private McpGateway gateway(McpGatewayBuilder builder) {
        McpGateway gateway = builder.start();
        toClose.add(() -> gateway.close(Duration.ofSeconds(2)));
        return gateway;
    }

    /** An endpoint on a loopback port nothing listens on (it was free a moment ago). */
    private static URI nobodyListens() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return URI.create("http://127.0.0.1:" + probe.getLocalPort() + "/mcp");
        }
    }

    private static ServerSpec http(String name, URI endpoint, boolean required) {
        return ServerSpec.builder(name, () -> HttpTransport.builder(endpoint).name(name).build()).required(required).build();
    }

    private WebElement row(String server) {
        return browser.findElement(By.id("server-" + server));
    }

    private static String cell(WebElement row, String name) {
        return row.findElement(By.cssSelector("td." + name)).getText();
    }

    private Path screenshot(String name) {
        Path file = Path.of("target", name);
        try {
            Files.createDirectories(file.getParent());
            Files.copy(((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath(), file,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    @Test
    void thePageShowsAWorkingUpstreamReadyAndAFailedOnesError() throws Exception {
        StreamableHttpServer alpha = serve(alpha());
        McpHost host = host(McpGateway.prepareHost(McpHost.builder())
                .server(http("alpha", alpha.endpoint(), true))
                .server(http("broken", nobodyListens(), false)));
        McpGateway gateway = gateway(McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .adminHttp(new InetSocketAddress("127.0.0.1", 0)));
        McpClient client = McpClient.builder(HttpTransport.builder(gateway.endpoint().orElseThrow()).build())
                .name("downstream").era(Era.LEGACY).requestTimeout(Duration.ofSeconds(10)).build();
        client.connect();
        toClose.add(client);
        assertThat(client.callTool("alpha__echo", Json.parse("{\"text\":\"hi\"}")).text()).isEqualTo("hi");
        assertThat(client.callTool("alpha__fails", Json.newObject()).isError()).isTrue();
        String brokenError = host.server("broken").orElseThrow().lastErrorMessage().orElseThrow();
        assertThat(host.server("broken").orElseThrow().state()).isEqualTo(ServerState.FAILED);

        URI admin = gateway.adminEndpoint().orElseThrow();
        browser.get(admin.toString());
        assertThat(browser.getTitle()).isEqualTo("McpHost gateway status");
        assertThat(browser.findElement(By.cssSelector("meta[http-equiv=refresh]")).getDomAttribute("content"))
                .as("it refreshes itself every 5 s").isEqualTo("5");

        browser.get(admin.resolve("status?refresh=0").toString()); // a page that stays put while it is read
        assertThat(browser.findElements(By.cssSelector("meta[http-equiv=refresh]"))).isEmpty();
        WebElement working = row("alpha");
        assertThat(working.getDomAttribute("data-state")).isEqualTo("READY");
        assertThat(cell(working, "state")).isEqualTo("READY");
        assertThat(cell(working, "tools")).isEqualTo("2");
        assertThat(cell(working, "calls")).isEqualTo("2");
        assertThat(cell(working, "required")).isEqualTo("yes");
        assertThat(cell(working, "transport")).contains(alpha.endpoint().toString());
        assertThat(cell(working, "protocol")).isNotBlank();
        assertThat(cell(working, "error")).isEmpty();

        WebElement failed = row("broken");
        assertThat(failed.getDomAttribute("data-state")).isEqualTo("FAILED");
        assertThat(cell(failed, "required")).isEqualTo("no");
        assertThat(cell(failed, "tools")).isEqualTo("0");
        assertThat(cell(failed, "error")).isEqualTo(brokenError.strip()).contains("broken");
        assertThat(browser.findElements(By.cssSelector("a.sign-in"))).isEmpty();

        assertThat(browser.findElement(By.id("summary")).getText()).startsWith("1 of 2 upstreams ready");
        assertThat(browser.findElement(By.id("count-tools")).getText()).isEqualTo("2");
        assertThat(browser.findElement(By.id("count-prompts")).getText()).isEqualTo("0");
        assertThat(browser.findElement(By.id("no-collisions")).isDisplayed()).isTrue();
        assertThat(browser.findElement(By.id("counter-calls")).getText()).isEqualTo("2");
        assertThat(browser.findElement(By.id("counter-tool-errors")).getText()).isEqualTo("1");
        assertThat(browser.findElement(By.id("counter-sessions")).getText()).as("the legacy client's session").isEqualTo("1");
        assertThat(screenshot("status-page.png")).isNotEmptyFile();
    }

    @Test
    void signingInFromThePageBringsAnAuthRequiredServerUp() throws Exception {
        OAuthTestServer as = OAuthTestServer.start();
        toClose.add(as);
        ProtectedMcpServer linear = ProtectedMcpServer.start(linearServer(), as);
        toClose.add(linear);
        StreamableHttpServer alpha = serve(alpha());
        // The host only makes the URL available (as mcphost serve does): the page is where a user finds it.
        McpHost host = host(McpGateway.prepareHost(McpHost.builder()).authorization(url -> { })
                .server(http("alpha", alpha.endpoint(), false))
                .server(ServerSpec.authorizing("linear", handler -> HttpTransport.builder(linear.endpoint()).name("linear")
                        .oauth(OAuthSettings.builder().tokenStore(TokenStore.inMemory()).handler(handler).build()).build())
                        .startupTimeout(Duration.ofSeconds(20)).build())
                .server(http("broken", nobodyListens(), false))
                // The same tools under the same prefix: two collisions for the catalog to resolve and report.
                .server(ServerSpec.builder("alpha-mirror", () -> HttpTransport.builder(alpha.endpoint()).build())
                        .prefix("alpha").build()));
        McpGateway gateway = gateway(McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .adminHttp(new InetSocketAddress("127.0.0.1", 0)));
        McpClient client = McpClient.builder(HttpTransport.builder(gateway.endpoint().orElseThrow()).build())
                .name("downstream").requestTimeout(Duration.ofSeconds(10)).build();
        client.connect();
        toClose.add(client);
        assertThat(client.callTool("alpha__echo", Json.parse("{\"text\":\"hi\"}")).text()).isEqualTo("hi");
        URI url = Await.untilPresent(WAIT, () -> host.server("linear").flatMap(s -> s.authorizationUrl()),
                "linear waiting for a user, its authorization URL in its status");
        assertThat(host.server("linear").orElseThrow().state()).isEqualTo(ServerState.AUTH_REQUIRED);

        String page = gateway.adminEndpoint().orElseThrow().resolve("status?refresh=0").toString();
        browser.get(page);
        String pageWindow = browser.getWindowHandle();
        WebElement waiting = row("linear");
        assertThat(waiting.getDomAttribute("data-state")).isEqualTo("AUTH_REQUIRED");
        WebElement signIn = waiting.findElement(By.cssSelector("a.sign-in"));
        assertThat(signIn.getText()).isEqualTo("Sign in");
        assertThat(signIn.getDomAttribute("href")).isEqualTo(url.toASCIIString());
        assertThat(signIn.getDomAttribute("target")).isEqualTo("_blank");
        assertThat(signIn.getDomAttribute("rel")).contains("noopener");
        assertThat(browser.findElements(By.cssSelector("a.sign-in"))).as("only linear waits for a user").hasSize(1);
        assertThat(row("alpha").getDomAttribute("data-state")).isEqualTo("READY");
        assertThat(cell(row("alpha"), "calls")).isEqualTo("1");
        assertThat(row("broken").getDomAttribute("data-state")).isEqualTo("FAILED");
        List<WebElement> collisions = browser.findElements(By.cssSelector("#collisions tr.collision"));
        assertThat(collisions).hasSize(2).allSatisfy(c -> assertThat(c.getDomAttribute("data-kind")).isEqualTo("TOOL"));
        assertThat(collisions.getFirst().findElement(By.cssSelector("td.resolution")).getText())
                .isEqualTo(host.catalog().collisions().getFirst().resolution());
        screenshot("status-page-sign-in.png");

        // The user signs in: the authorization server approves and redirects to the flow's loopback listener.
        signIn.click();
        Await.until(WAIT, () -> host.server("linear").orElseThrow().state() == ServerState.READY,
                () -> "linear READY after the sign-in, now " + host.server("linear").orElseThrow().state());
        assertThat(browser.getWindowHandles()).as("the sign-in opened a tab of its own").hasSize(2);
        assertThat(linear.authorizedCount()).isPositive();
        assertThat(as.requests("authorize")).hasSize(1);

        browser.switchTo().window(pageWindow);
        browser.navigate().refresh();
        WebElement signedIn = row("linear");
        assertThat(signedIn.getDomAttribute("data-state")).isEqualTo("READY");
        assertThat(cell(signedIn, "tools")).isEqualTo("2");
        assertThat(signedIn.findElements(By.cssSelector("a.sign-in"))).isEmpty();
        assertThat(browser.findElement(By.id("summary")).getText()).startsWith("3 of 4 upstreams ready");
        screenshot("status-page-signed-in.png");
    }

    @Test
    void withAnAdminTokenTheBrowserSignsInOnceAndKeepsACookie() {
        StreamableHttpServer alpha = serve(alpha());
        McpHost host = host(McpGateway.prepareHost(McpHost.builder()).server(http("alpha", alpha.endpoint(), true)));
        McpGateway gateway = gateway(McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .adminHttp(new InetSocketAddress("127.0.0.1", 0)).adminToken("adm1n-token"));
        URI admin = gateway.adminEndpoint().orElseThrow();

        browser.get(admin.resolve("status?refresh=0").toString());
        assertThat(browser.findElements(By.id("servers"))).as("no page without the token").isEmpty();
        assertThat(browser.findElement(By.tagName("body")).getText()).startsWith("unauthorized");
        browser.get(admin.resolve("status?token=wrong-token&refresh=0").toString());
        assertThat(browser.findElements(By.id("servers"))).as("nor with a wrong one").isEmpty();
        assertThat(browser.manage().getCookieNamed("mcphost_admin")).isNull();

        browser.get(admin.resolve("status?token=adm1n-token&refresh=0").toString());
        assertThat(row("alpha").getDomAttribute("data-state")).isEqualTo("READY");
        assertThat(browser.getCurrentUrl()).as("the token leaves the address bar").doesNotContain("token")
                .endsWith("/status?refresh=0");
        Cookie cookie = browser.manage().getCookieNamed("mcphost_admin");
        assertThat(cookie).isNotNull();
        assertThat(cookie.isHttpOnly()).isTrue();
        assertThat(cookie.getSameSite()).isEqualTo("Strict");
        assertThat(cookie.getValue()).doesNotContain("adm1n-token");

        browser.get(admin.resolve("status?refresh=0").toString());
        assertThat(row("alpha").getDomAttribute("data-state")).as("the cookie is enough from now on").isEqualTo("READY");
        browser.get(admin.resolve("metrics").toString());
        assertThat(browser.findElement(By.tagName("body")).getText()).contains("mcphost_gateway_upstream_state");
    }

    @Test
    void namesAndErrorsFromConfigurationAreShownAsTextNotRun() {
        String name = "<script>document.title='owned'</script>";
        McpHost host = host(McpGateway.prepareHost(McpHost.builder()).server(ServerSpec.builder(name,
                () -> StdioTransport.builder(List.of("/nonexistent/<img src=x onerror=\"document.title='owned'\">"))
                        .name(name).build()).build()));
        McpGateway gateway = gateway(McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .adminHttp(new InetSocketAddress("127.0.0.1", 0)));
        String error = host.server(name).orElseThrow().lastErrorMessage().orElseThrow();

        browser.get(gateway.adminEndpoint().orElseThrow().resolve("status?refresh=0").toString());
        assertThat(browser.getTitle()).isEqualTo("McpHost gateway status");
        assertThat(browser.findElements(By.tagName("script"))).isEmpty();
        assertThat(browser.findElements(By.tagName("img"))).isEmpty();
        WebElement row = row(name);
        assertThat(row.getDomAttribute("data-state")).isEqualTo("FAILED");
        assertThat(cell(row, "name")).isEqualTo(name);
        assertThat(cell(row, "transport")).contains("<img src=x onerror=");
        assertThat(cell(row, "error")).as("the text, as rendered (trailing space trimmed)").isEqualTo(error.strip());
    }
}
