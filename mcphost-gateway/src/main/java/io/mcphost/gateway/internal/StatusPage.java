package io.mcphost.gateway.internal;

import io.mcphost.host.Catalog;
import io.mcphost.host.McpHost;
import io.mcphost.host.NameCollision;
import io.mcphost.host.ServerState;
import io.mcphost.host.ServerStatus;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The admin endpoint's status page: one server-rendered HTML document of the host's upstreams (state,
 * era and revision, transport, tools, calls, reconnect attempts, last error, a "Sign in" link for one
 * waiting for a user), its catalog (counts and name collisions) and the gateway's live counters.
 *
 * <p>Everything on it that came from a configuration or an upstream (names, errors, stderr, URLs) is
 * HTML-escaped, in text and in attributes alike; the page carries no script, and it is served with
 * {@link #CONTENT_SECURITY_POLICY}, which allows inline styles and nothing else, so a value that got
 * past the escaping still could not run. It refreshes itself with a {@code <meta http-equiv="refresh">}.
 *
 * <p>For tests and scrapers of the page, elements have stable ids and classes: each upstream is a
 * {@code <tr id="server-NAME" class="server" data-state="STATE">} whose cells have the classes
 * {@code name}, {@code state}, {@code protocol}, {@code transport}, {@code required}, {@code tools},
 * {@code calls}, {@code reconnects}, {@code since} and {@code error}, with {@code <a class="sign-in">}
 * in its {@code action} cell; the counts are {@code #count-tools}, {@code #count-prompts},
 * {@code #count-resources}, {@code #count-resource-templates}, {@code #count-skills}; collisions are
 * the rows of {@code #collisions}; the counters are {@code #counter-calls}, {@code #counter-tool-errors},
 * {@code #counter-errors}, {@code #counter-sessions}, {@code #counter-streams} and
 * {@code #counter-rate-limited}.
 *
 * <p>Stateless and thread-safe; rendering reads snapshots the host keeps and never waits on an upstream.
 */
final class StatusPage {
    /**
     * No script, no fetch, no frame, no form, no base: inline styles only. Images are allowed from the
     * admin endpoint itself (a browser asks for {@code /favicon.ico}, which is a 404, not a CSP report).
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self';"
            + " base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    /** How often the page reloads itself unless the request says otherwise ({@code ?refresh=N}, 0 for never). */
    static final Duration DEFAULT_REFRESH = Duration.ofSeconds(5);
    /** The longest refresh period a request may ask for: beyond it the page is stale rather than live. */
    static final Duration MAX_REFRESH = Duration.ofHours(1);

    private static final String STYLE = """
            body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#1b1f24;background:#fff}
            h1{font-size:1.4em;margin:0 0 .2em}h2{font-size:1.1em;margin:1.5em 0 .4em}
            .summary,.meta{color:#57606a}.meta a{color:#0969da}
            table{border-collapse:collapse;width:100%}
            th,td{text-align:left;padding:.35em .6em;border-bottom:1px solid #d0d7de;vertical-align:top}
            th{background:#f6f8fa;font-weight:600}td.num,th.num{text-align:right}
            .state,td.name,td.since,td.action{font-weight:600;white-space:nowrap}td.name,td.since{font-weight:400}
            tr[data-state=READY] .state{color:#1a7f37}tr[data-state=FAILED] .state{color:#cf222e}
            tr[data-state=AUTH_REQUIRED] .state{color:#9a6700}tr[data-state=RECONNECTING] .state,
            tr[data-state=STARTING] .state{color:#0969da}tr[data-state=STOPPED] .state,
            tr[data-state=DEFERRED] .state{color:#57606a}
            td.error{color:#cf222e;max-width:32em;overflow-wrap:break-word}tr[data-state=AUTH_REQUIRED] td.error{color:#9a6700}
            td.transport{max-width:28em;overflow-wrap:break-word;font-family:ui-monospace,monospace;font-size:.9em}
            pre{white-space:pre-wrap;margin:.3em 0;color:#1b1f24;font-size:.85em}
            a.sign-in{display:inline-block;padding:.25em .8em;border-radius:6px;background:#1f883d;color:#fff;
            text-decoration:none;font-weight:600}
            .panels{display:flex;flex-wrap:wrap;gap:0 4em}.panels section{min-width:16em}
            dl.counts{display:grid;grid-template-columns:max-content max-content;gap:.2em 1.2em;margin:0}
            dt{color:#57606a}dd{margin:0;font-variant-numeric:tabular-nums}
            """;

    private StatusPage() {
    }

    /**
     * The page as it is now.
     *
     * @param serving  false once the gateway began closing (shown at the top)
     * @param refresh  how often it reloads itself; zero for never
     * @param now      the time written on the page and used for "since"
     */
    static String render(McpHost host, GatewayMetrics.Counts counts, boolean serving, Duration refresh, Instant now) {
        List<ServerStatus> servers = host.servers();
        List<String> deferred = host.deferredServers();
        Catalog catalog = host.catalog();
        long ready = servers.stream().filter(s -> s.state() == ServerState.READY).count();

        StringBuilder b = new StringBuilder(8192);
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
        if (!refresh.isZero()) {
            b.append("<meta http-equiv=\"refresh\" content=\"").append(refresh.toSeconds()).append("\">\n");
        }
        b.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>McpHost gateway status</title>\n<style>").append(STYLE).append("</style></head>\n<body>\n")
                .append("<h1>McpHost gateway</h1>\n");
        b.append("<p class=\"summary\" id=\"summary\">").append(ready).append(" of ").append(servers.size())
                .append(servers.size() == 1 ? " upstream" : " upstreams").append(" ready");
        if (!deferred.isEmpty()) {
            b.append(", ").append(deferred.size()).append(" deferred");
        }
        b.append(" &middot; ").append(catalog.tools().size()).append(catalog.tools().size() == 1 ? " tool" : " tools");
        if (!serving) {
            b.append(" &middot; <strong id=\"closing\">closing</strong>");
        }
        b.append("</p>\n<p class=\"meta\">As of <time datetime=\"").append(now.truncatedTo(ChronoUnit.SECONDS))
                .append("\">").append(now.truncatedTo(ChronoUnit.SECONDS)).append("</time>")
                .append(refresh.isZero() ? "" : ", refreshed every " + refresh.toSeconds() + " s")
                .append(" &middot; <a href=\"healthz\">healthz</a> <a href=\"readyz\">readyz</a>")
                .append(" <a href=\"metrics\">metrics</a></p>\n");

        servers(b, servers, deferred, counts, now);
        b.append("<div class=\"panels\">\n<section>");
        catalog(b, catalog);
        b.append("</section>\n<section>");
        counters(b, counts);
        b.append("</section>\n</div>\n");
        collisions(b, catalog.collisions());
        b.append("</body></html>\n");
        return b.toString();
    }

    private static void servers(StringBuilder b, List<ServerStatus> servers, List<String> deferred,
                                GatewayMetrics.Counts counts, Instant now) {
        b.append("<h2>Upstream servers</h2>\n<table id=\"servers\"><thead><tr><th>Server</th><th>State</th>")
                .append("<th>Protocol</th><th>Transport</th><th>Required</th><th class=\"num\">Tools</th>")
                .append("<th class=\"num\">Calls</th><th class=\"num\">Reconnects</th><th>Since</th>")
                .append("<th>Last error</th><th></th></tr></thead>\n<tbody>\n");
        if (servers.isEmpty() && deferred.isEmpty()) {
            b.append("<tr><td colspan=\"11\">No upstream servers.</td></tr>\n");
        }
        for (ServerStatus s : servers) {
            String state = s.state().name();
            b.append("<tr id=\"server-").append(html(s.name())).append("\" class=\"server\" data-state=\"")
                    .append(state).append("\">");
            cell(b, "name", html(s.name()));
            cell(b, "state", state);
            String protocol = s.protocolVersion().map(Object::toString).orElse("")
                    + s.era().map(e -> " (" + e.name().toLowerCase(Locale.ROOT) + ")").orElse("");
            String info = s.serverInfo().map(i -> i.name() + " " + i.version()).orElse("");
            b.append("<td class=\"protocol\"").append(info.isEmpty() ? "" : " title=\"" + html(info) + "\"").append('>')
                    .append(html(protocol.strip())).append("</td>");
            cell(b, "transport", html(s.transport()));
            cell(b, "required", s.required() ? "yes" : "no");
            cell(b, "tools num", Integer.toString(s.toolCount()));
            cell(b, "calls num", Long.toString(counts.callsByServer().getOrDefault(s.name(), 0L)));
            cell(b, "reconnects num", Integer.toString(s.reconnectAttempts()));
            b.append("<td class=\"since\" title=\"").append(s.since().truncatedTo(ChronoUnit.SECONDS)).append("\">")
                    .append(ago(Duration.between(s.since(), now))).append("</td>");
            b.append("<td class=\"error\">").append(html(s.lastErrorMessage().orElse("")));
            s.stderrTail().filter(t -> !t.isBlank()).ifPresent(tail -> b.append("<details><summary>stderr</summary><pre")
                    .append(" class=\"stderr\">").append(html(tail)).append("</pre></details>"));
            b.append("</td><td class=\"action\">");
            if (s.state() == ServerState.AUTH_REQUIRED) {
                s.authorizationUrl().filter(StatusPage::isWebUrl).ifPresent(url -> b.append("<a class=\"sign-in\" href=\"")
                        .append(html(url.toASCIIString())).append("\" target=\"_blank\" rel=\"noopener noreferrer\">")
                        .append("Sign in</a>"));
            }
            b.append("</td></tr>\n");
        }
        for (String name : deferred) {
            b.append("<tr id=\"server-").append(html(name)).append("\" class=\"server\" data-state=\"DEFERRED\">");
            cell(b, "name", html(name));
            cell(b, "state", "DEFERRED");
            b.append("<td colspan=\"9\" class=\"note\">Starts when the first client comes.</td></tr>\n");
        }
        b.append("</tbody></table>\n");
    }

    private static void catalog(StringBuilder b, Catalog catalog) {
        b.append("<h2>Catalog</h2>\n<dl class=\"counts\" id=\"catalog\">");
        count(b, "Tools", "count-tools", catalog.tools().size());
        count(b, "Prompts", "count-prompts", catalog.prompts().size());
        count(b, "Resources", "count-resources", catalog.resources().size());
        count(b, "Resource templates", "count-resource-templates", catalog.resourceTemplates().size());
        count(b, "Skills", "count-skills", catalog.skills().size());
        b.append("</dl>\n");
    }

    private static void collisions(StringBuilder b, List<NameCollision> collisions) {
        b.append("<h2>Name collisions</h2>\n");
        if (collisions.isEmpty()) {
            b.append("<p id=\"no-collisions\">None: every entry has the name it asked for.</p>\n");
            return;
        }
        b.append("<table id=\"collisions\"><thead><tr><th>Kind</th><th>Name</th><th>Servers</th><th>Resolution</th>")
                .append("</tr></thead>\n<tbody>\n");
        for (NameCollision c : collisions) {
            b.append("<tr class=\"collision\" data-kind=\"").append(c.kind().name()).append("\">");
            cell(b, "kind", c.kind().name().toLowerCase(Locale.ROOT).replace('_', ' '));
            cell(b, "name", html(c.name()));
            cell(b, "servers", html(String.join(", ", c.servers())));
            cell(b, "resolution", html(c.resolution()));
            b.append("</tr>\n");
        }
        b.append("</tbody></table>\n");
    }

    private static void counters(StringBuilder b, GatewayMetrics.Counts counts) {
        b.append("<h2>Gateway</h2>\n<dl class=\"counts\" id=\"counters\">");
        count(b, "Calls forwarded", "counter-calls", counts.calls());
        count(b, "&hellip; with a tool error", "counter-tool-errors", counts.toolErrors());
        count(b, "&hellip; failed", "counter-errors", counts.errors());
        count(b, "Sessions", "counter-sessions", counts.sessions());
        count(b, "Streams open", "counter-streams", counts.streams());
        count(b, "Refused by rate limits", "counter-rate-limited", counts.rateLimitRejections());
        b.append("</dl>\n");
    }

    /** {@code content} must be markup already (escaped where it came from outside). */
    private static void cell(StringBuilder b, String classes, String content) {
        b.append("<td class=\"").append(classes).append("\">").append(content).append("</td>");
    }

    private static void count(StringBuilder b, String label, String id, long value) {
        b.append("<dt>").append(label).append("</dt><dd id=\"").append(id).append("\">").append(value).append("</dd>");
    }

    /**
     * The host checked the URL already (https, or http on loopback, no credentials); this is the page's
     * own guard that an {@code href} can never be {@code javascript:} or {@code data:}.
     */
    static boolean isWebUrl(URI url) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        return (scheme.equals("https") || scheme.equals("http")) && url.getHost() != null;
    }

    /** How long ago, roughly, for the "Since" column (the exact time is its title). */
    static String ago(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s < 60) {
            return s + " s ago";
        }
        if (s < 3600) {
            return s / 60 + " min ago";
        }
        if (s < 86_400) {
            return s / 3600 + " h " + s % 3600 / 60 + " min ago";
        }
        return s / 86_400 + " d " + s % 86_400 / 3600 + " h ago";
    }

    /**
     * {@code text} made safe as HTML text and as a quoted attribute value: the five characters that
     * matter escaped, and C0 controls (other than tab and line breaks), which HTML forbids, replaced.
     */
    static String html(String text) {
        StringBuilder b = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                case '\t', '\n', '\r' -> b.append(c);
                default -> b.append(c < 0x20 || c == 0x7f ? '\uFFFD' : c);
            }
        }
        return b.toString();
    }

    /** The {@code refresh} query parameter as a period: absent or unreadable is the default, 0 is never. */
    static Duration refresh(Optional<String> parameter) {
        if (parameter.isEmpty()) {
            return DEFAULT_REFRESH;
        }
        try {
            long seconds = Long.parseLong(parameter.get().strip());
            if (seconds <= 0) {
                return Duration.ZERO;
            }
            return Duration.ofSeconds(Math.min(seconds, MAX_REFRESH.toSeconds()));
        } catch (NumberFormatException e) {
            return DEFAULT_REFRESH;
        }
    }
}
