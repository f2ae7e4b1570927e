package io.mcphost.gateway;

import io.mcphost.config.McpConfigException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Which servers, tools, prompts and resources each principal of a gateway may see and use: a list of
 * {@link Rule}s, each granting entries to the principals it names. Given to
 * {@link McpGatewayBuilder#policy}, or read from a file ({@link #read}, {@code mcphost serve --policy}).
 *
 * <p>With a policy, everything is denied unless a rule grants it: an entry is listed to a principal,
 * and may be used by it, when some rule both applies to the principal and grants the entry. Entries
 * denied are left out of {@code tools/list}, {@code prompts/list}, {@code resources/list} and
 * {@code resources/templates/list}, and using one is answered exactly as for an unknown name. Without
 * a policy every principal sees everything.
 *
 * <p>The JSON form (docs/gateway.md, "Policy"):
 * <pre>{@code
 * {"rules": [
 *   {"name": "ops", "groups": ["ops"], "servers": ["github"]},
 *   {"subjects": ["alice"], "tools": ["github__get_*", "fs__read_*"]},
 *   {"scopes": ["mcp:docs"], "servers": ["docs"], "resources": ["docs://*"], "prompts": ["*"]}
 * ]}
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class GatewayPolicy {
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            // Rules are read one at a time from the one parser: the rest of the file follows each.
            .disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();
    // Jackson's pointers to its own settings ("(bound as `T`)", ": enable `JsonReadFeature.X` to allow") mean nothing here.
    private static final java.util.regex.Pattern REFERENCE = java.util.regex.Pattern.compile("\\s*\\(bound as `[^`]*`\\)"
            + "|\\s*(?:, from|: enable|: not allowed as per) `[^`]*`(?: to allow)?");
    private static final Set<String> KEYS = Set.of("name", "subjects", "groups", "scopes", "servers", "tools",
            "prompts", "resources");

    private final List<Rule> rules;

    private GatewayPolicy(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** A policy of these rules, tried in order (the first that grants an entry is the one an audit event names). */
    public static GatewayPolicy of(List<Rule> rules) {
        return new GatewayPolicy(rules);
    }

    /** A policy of these rules; see {@link #of(List)}. */
    public static GatewayPolicy of(Rule... rules) {
        return new GatewayPolicy(Arrays.asList(rules));
    }

    /** The rules, in order. */
    public List<Rule> rules() {
        return rules;
    }

    /**
     * Reads a policy file (the JSON form in the class comment).
     *
     * @throws McpConfigException naming the file and line of what is wrong: unreadable, not JSON, an
     *                            unknown key, a value of the wrong type
     */
    public static GatewayPolicy read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new McpConfigException(file.toString(), null, null, "cannot read the policy file: " + e.getMessage(), e);
        }
        return parse(text, file.toString());
    }

    /**
     * Parses the JSON form of a policy; {@code source} names it in errors.
     *
     * @throws McpConfigException naming {@code source} and the line of what is wrong
     */
    public static GatewayPolicy parse(String json, String source) {
        List<Rule> rules = new ArrayList<>();
        boolean sawRules = false;
        try (JsonParser p = MAPPER.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw bad(source, p, null, "a policy is a JSON object with \"rules\": [...]");
            }
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String key = p.currentName();
                p.nextToken();
                if (!key.equals("rules")) {
                    throw bad(source, p, key, "unknown key (a policy has only \"rules\")");
                }
                if (p.currentToken() != JsonToken.START_ARRAY) {
                    throw bad(source, p, key, "must be an array of rules");
                }
                sawRules = true;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    int line = p.currentTokenLocation().getLineNr();
                    String at = "rules[" + rules.size() + "]";
                    JsonNode node = MAPPER.readTree(p);
                    rules.add(rule(node, source, line, at));
                }
            }
            if (p.nextToken() != null) {
                throw bad(source, p, null, "unexpected text after the policy object");
            }
        } catch (JacksonException e) {
            String where = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr() + ")";
            throw new McpConfigException(source, null, null, "not valid JSON" + where + ": "
                    + REFERENCE.matcher(e.getOriginalMessage()).replaceAll(""), null);
        }
        if (!sawRules) {
            throw new McpConfigException(source, null, null, "a policy needs \"rules\": [...] (an empty list denies everything)", null);
        }
        return new GatewayPolicy(rules);
    }

    private static McpConfigException bad(String source, JsonParser p, String key, String problem) {
        return at(source, p.currentTokenLocation().getLineNr(), key, problem);
    }

    /** A problem on {@code line} of {@code source}, in {@code key} when known: {@code policy.json: line 3: rules[1].user: ...}. */
    private static McpConfigException at(String source, int line, String key, String problem) {
        return new McpConfigException(source, null, null, "line " + line + ": " + (key == null ? "" : key + ": ") + problem, null);
    }

    private static Rule rule(JsonNode node, String source, int line, String at) {
        if (!node.isObject()) {
            throw at(source, line, at, "a rule must be a JSON object");
        }
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            if (!KEYS.contains(field.getKey())) {
                throw at(source, line, at + "." + field.getKey(),
                        "unknown key (a rule has name, subjects, groups, scopes, servers, tools, prompts, resources)");
            }
        }
        Rule.Builder b = Rule.builder();
        JsonNode name = node.get("name");
        if (name != null) {
            if (!name.isString() || name.asString().isBlank()) {
                throw at(source, line, at + ".name", "must be a non-empty string");
            }
            b.name(name.asString());
        }
        strings(node, "subjects", source, line, at).ifPresent(b::subjects);
        strings(node, "groups", source, line, at).ifPresent(b::groups);
        strings(node, "scopes", source, line, at).ifPresent(b::scopes);
        strings(node, "servers", source, line, at).ifPresent(b::servers);
        strings(node, "tools", source, line, at).ifPresent(b::tools);
        strings(node, "prompts", source, line, at).ifPresent(b::prompts);
        strings(node, "resources", source, line, at).ifPresent(b::resources);
        return b.build();
    }

    private static Optional<List<String>> strings(JsonNode rule, String key, String source, int line, String at) {
        JsonNode value = rule.get(key);
        if (value == null) {
            return Optional.empty();
        }
        List<String> list = new ArrayList<>();
        if (value.isArray()) {
            for (JsonNode item : value) {
                if (!item.isString() || item.asString().isEmpty()) {
                    list = null;
                    break;
                }
                list.add(item.asString());
            }
        } else {
            list = null;
        }
        if (list == null) {
            throw at(source, line, at + "." + key, "must be an array of non-empty strings");
        }
        return Optional.of(list);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof GatewayPolicy p && p.rules.equals(rules);
    }

    @Override
    public int hashCode() {
        return rules.hashCode();
    }

    @Override
    public String toString() {
        return "GatewayPolicy" + rules;
    }

    /**
     * One grant: to whom ({@code subjects}: exact principals; {@code groups}: values of the access
     * token's group claim; {@code scopes}: scopes its token grants; the rule applies to a principal
     * matching any one of them, and to everyone, the unauthenticated included, when all three are
     * empty) and what ({@code servers}: globs on the upstream server's name, every server when
     * absent; {@code tools} and {@code prompts}: globs on the exposed names; {@code resources}: globs
     * on resource URIs and template URI templates). A rule naming none of tools, prompts and resources
     * grants everything of its servers; once it names one of them, a kind it does not name is not
     * granted (an empty list grants none of that kind). Globs: {@code *} any run of characters,
     * {@code ?} one, case-sensitive, matching the whole name, as {@code allowTools}. Immutable.
     *
     * @param name     how audit events name the rule; empty to be named by its place ({@code rules[0]})
     * @param subjects principals the rule applies to
     * @param groups   group claim values the rule applies to
     * @param scopes   scopes the rule applies to
     * @param servers  globs on server names; empty: every server
     * @param tools    globs on exposed tool names; empty: see above
     * @param prompts  globs on exposed prompt names; empty: see above
     * @param resources globs on resource URIs and URI templates; empty: see above
     */
    public record Rule(Optional<String> name, Set<String> subjects, Set<String> groups, Set<String> scopes,
                       Optional<List<String>> servers, Optional<List<String>> tools, Optional<List<String>> prompts,
                       Optional<List<String>> resources) {
        public Rule {
            Objects.requireNonNull(name, "name");
            subjects = Set.copyOf(new LinkedHashSet<>(subjects));
            groups = Set.copyOf(new LinkedHashSet<>(groups));
            scopes = Set.copyOf(new LinkedHashSet<>(scopes));
            servers = servers.map(List::copyOf);
            tools = tools.map(List::copyOf);
            prompts = prompts.map(List::copyOf);
            resources = resources.map(List::copyOf);
        }

        /** A builder of a rule that applies to everyone and grants everything until told otherwise. */
        public static Builder builder() {
            return new Builder();
        }

        /** Whether the rule applies to everyone (it names no subject, group or scope). */
        public boolean unconditional() {
            return subjects.isEmpty() && groups.isEmpty() && scopes.isEmpty();
        }

        /** Builds a {@link Rule}. Not thread-safe. */
        public static final class Builder {
            private String name;
            private Set<String> subjects = Set.of();
            private Set<String> groups = Set.of();
            private Set<String> scopes = Set.of();
            private List<String> servers;
            private List<String> tools;
            private List<String> prompts;
            private List<String> resources;

            private Builder() {
            }

            /** How audit events name the rule. */
            public Builder name(String name) {
                this.name = Objects.requireNonNull(name, "name");
                return this;
            }

            /** The principals the rule applies to. */
            public Builder subjects(String... subjects) {
                return subjects(List.of(subjects));
            }

            /** The principals the rule applies to. */
            public Builder subjects(List<String> subjects) {
                this.subjects = Set.copyOf(subjects);
                return this;
            }

            /** The group claim values the rule applies to. */
            public Builder groups(String... groups) {
                return groups(List.of(groups));
            }

            /** The group claim values the rule applies to. */
            public Builder groups(List<String> groups) {
                this.groups = Set.copyOf(groups);
                return this;
            }

            /** The scopes the rule applies to. */
            public Builder scopes(String... scopes) {
                return scopes(List.of(scopes));
            }

            /** The scopes the rule applies to. */
            public Builder scopes(List<String> scopes) {
                this.scopes = Set.copyOf(scopes);
                return this;
            }

            /** Globs on the servers whose entries the rule grants. */
            public Builder servers(String... globs) {
                return servers(List.of(globs));
            }

            /** Globs on the servers whose entries the rule grants. */
            public Builder servers(List<String> globs) {
                this.servers = List.copyOf(globs);
                return this;
            }

            /** Globs on the exposed names of the tools the rule grants. */
            public Builder tools(String... globs) {
                return tools(List.of(globs));
            }

            /** Globs on the exposed names of the tools the rule grants. */
            public Builder tools(List<String> globs) {
                this.tools = List.copyOf(globs);
                return this;
            }

            /** Globs on the exposed names of the prompts the rule grants. */
            public Builder prompts(String... globs) {
                return prompts(List.of(globs));
            }

            /** Globs on the exposed names of the prompts the rule grants. */
            public Builder prompts(List<String> globs) {
                this.prompts = List.copyOf(globs);
                return this;
            }

            /** Globs on the URIs and URI templates of the resources the rule grants. */
            public Builder resources(String... globs) {
                return resources(List.of(globs));
            }

            /** Globs on the URIs and URI templates of the resources the rule grants. */
            public Builder resources(List<String> globs) {
                this.resources = List.copyOf(globs);
                return this;
            }

            /** The rule. */
            public Rule build() {
                return new Rule(Optional.ofNullable(name), subjects, groups, scopes, Optional.ofNullable(servers),
                        Optional.ofNullable(tools), Optional.ofNullable(prompts), Optional.ofNullable(resources));
            }
        }
    }
}
