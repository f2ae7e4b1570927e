package io.mcphost.config.internal;

import io.mcphost.config.InputDefinition;
import io.mcphost.config.InputResolver;
import io.mcphost.config.McpConfigException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Substitutes {@code ${VAR}}, {@code ${VAR:-default}}, {@code ${env:VAR}}, {@code ${env:VAR:-default}}
 * and {@code ${input:id}} in one file's string values; <code>$${</code> is a literal <code>${</code>. VS Code's
 * {@code ${workspaceFolder}} and {@code ${userHome}} are known when the environment does not set them.
 * Each input is resolved at most once per file. Not thread-safe: one instance per load.
 */
public final class VariableExpander {
    private final String source;
    private final Function<String, String> env;
    private final InputResolver inputs;
    private final Map<String, InputDefinition> declared;
    private final Map<String, String> predefined;
    private final Map<String, String> answered = new HashMap<>();

    /**
     * @param inputs the application's resolver, or null when it gave none
     * @param predefined values for names the environment does not set ({@code workspaceFolder}, …)
     */
    public VariableExpander(String source, Function<String, String> env, InputResolver inputs,
                            Map<String, InputDefinition> declared, Map<String, String> predefined) {
        this.source = source;
        this.env = env;
        this.inputs = inputs;
        this.declared = declared;
        this.predefined = predefined;
    }

    /**
     * {@code value} with every reference replaced.
     *
     * @throws McpConfigException naming {@code server} and {@code key} for a malformed reference,
     *         a variable that is not set and has no default, or an input that cannot be resolved
     */
    public String expand(String value, String server, String key) {
        if (value.indexOf('$') < 0) {
            return value;
        }
        StringBuilder out = new StringBuilder(value.length());
        int i = 0;
        while (i < value.length()) {
            char c = value.charAt(i);
            if (c == '$' && value.startsWith("$${", i)) {
                out.append("${");
                i += 3;
            } else if (c == '$' && value.startsWith("${", i)) {
                int end = value.indexOf('}', i + 2);
                if (end < 0) {
                    throw new McpConfigException(source, server, key, "has an unclosed \"${\" (write \"$${\" for a literal one)");
                }
                out.append(reference(value.substring(i + 2, end), server, key));
                i = end + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private String reference(String expression, String server, String key) {
        if (expression.startsWith("input:")) {
            return input(expression.substring("input:".length()), server, key);
        }
        String spec = expression.startsWith("env:") ? expression.substring("env:".length()) : expression;
        String name = spec;
        String fallback = null;
        int dash = spec.indexOf(":-");
        if (dash >= 0) {
            name = spec.substring(0, dash);
            fallback = spec.substring(dash + 2);
        }
        if (name.isEmpty()) {
            throw new McpConfigException(source, server, key, "has an empty variable reference ${" + expression + "}");
        }
        if (!name.matches("[A-Za-z_][A-Za-z0-9_.]*")) {
            throw new McpConfigException(source, server, key, "refers to ${" + expression
                    + "}, which is not supported (use ${VAR}, ${VAR:-default}, ${env:VAR} or ${input:id})");
        }
        String found = env.apply(name);
        if (found == null) {
            found = predefined.get(name);
        }
        if (found != null && !(found.isEmpty() && fallback != null)) {
            return found;
        }
        if (fallback != null) {
            return fallback;
        }
        throw new McpConfigException(source, server, key, "refers to the environment variable " + name
                + ", which is not set (write ${" + name + ":-default} to give a default)");
    }

    private String input(String id, String server, String key) {
        if (id.isEmpty()) {
            throw new McpConfigException(source, server, key, "has an empty input reference ${input:}");
        }
        String known = answered.get(id);
        if (known != null) {
            return known;
        }
        if (inputs == null) {
            throw new McpConfigException(source, server, key, "refers to ${input:" + id
                    + "}, but the application gave no InputResolver to answer it");
        }
        InputDefinition definition = declared.getOrDefault(id, InputDefinition.undeclared(id));
        String value;
        try {
            value = inputs.resolve(definition);
        } catch (RuntimeException e) {
            throw new McpConfigException(source, server, key, "refers to ${input:" + id
                    + "}, which could not be resolved: " + e.getMessage(), e);
        }
        if (value == null) {
            throw new McpConfigException(source, server, key, "refers to ${input:" + id + "}, which was not answered");
        }
        answered.put(id, value);
        return value;
    }
}
