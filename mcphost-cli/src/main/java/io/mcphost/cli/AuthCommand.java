package io.mcphost.cli;

import io.mcphost.auth.StoredTokens;
import io.mcphost.auth.TokenStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code mcphost auth status}: which OAuth tokens are stored, for which server and issuer, until when. Never a token. */
@Command(name = "auth", description = "OAuth tokens stored by 'login' (in ~/.mcphost/oauth).",
        footer = {"", "Examples:", "  mcphost auth status", "  mcphost --url https://mcp.example.com/mcp auth status"},
        subcommands = {AuthCommand.Status.class})
final class AuthCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Override
    public Integer call() {
        return new Status(this).call();
    }

    /** {@code auth status}: one row per stored token set (all of them, or those of --url). */
    @Command(name = "status", description = "List the stored tokens: server (resource), authorization server, expiry,"
            + " scopes, whether refreshable. Never prints a token.",
            footer = {"", "Examples:", "  mcphost auth status", "  mcphost --url https://mcp.example.com/mcp auth status"})
    static final class Status implements Callable<Integer> {
        @ParentCommand
        AuthCommand auth;

        Status() {
        }

        Status(AuthCommand auth) {
            this.auth = auth;
        }

        @Override
        public Integer call() {
            McpHostCommand root = auth.root;
            List<StoredTokens> stored = new ArrayList<>(TokenStore.files().list());
            if (root.connection.url != null) {
                String url = root.connection.url.replaceAll("[?#].*$", "");
                stored.removeIf(t -> !url.startsWith(t.resource()));
            }
            Printer p = root.printer();
            if (p.isJson()) {
                List<Map<String, Object>> rows = new ArrayList<>();
                for (StoredTokens t : stored) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put("resource", t.resource());
                    row.put("issuer", t.issuer());
                    row.put("expiresAt", t.expiresAt() == null ? null : t.expiresAt().toString());
                    row.put("expired", t.expiresAt() != null && t.expiresAt().isBefore(Instant.now()));
                    row.put("scope", t.scope());
                    row.put("refreshable", t.refreshToken() != null);
                    rows.add(row);
                }
                p.json(Map.of("tokens", rows));
            } else if (stored.isEmpty()) {
                p.out().println(root.connection.url == null ? "No OAuth tokens stored." : "No OAuth token stored for " + root.connection.url + ".");
            } else {
                List<String[]> rows = new ArrayList<>();
                rows.add(new String[] {"SERVER", "AUTHORIZATION SERVER", "EXPIRES", "SCOPE", "REFRESH"});
                for (StoredTokens t : stored) {
                    String expires = t.expiresAt() == null ? "-"
                            : t.expiresAt().toString() + (t.expiresAt().isBefore(Instant.now()) ? " (expired)" : "");
                    rows.add(new String[] {t.resource(), t.issuer(), expires, t.scope() == null ? "-" : t.scope(),
                        t.refreshToken() == null ? "no" : "yes"});
                }
                p.grid(rows);
            }
            return ExitCode.OK;
        }
    }
}
