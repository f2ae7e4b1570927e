package io.mcphost.langchain4j;

import java.util.Objects;

/**
 * One part of a tool's JSON schema that LangChain4j's schema model ({@code JsonSchemaElement}) cannot
 * express exactly, and what was done instead. Immutable.
 *
 * <p>Nothing is dropped without an issue: a constraint keyword the model has no field for (such as
 * {@code minimum} or {@code pattern}) is moved into the element's description, where the model still
 * reads it; a construct it has no element for (such as {@code oneOf} or a non-string {@code enum}) is
 * approximated; each such change is one issue.
 *
 * @param tool   the exposed name of the tool (or synthetic tool) whose schema it is
 * @param path   where in the input schema, as a JSON pointer ({@code ""} for the root)
 * @param detail what could not be mapped and what was done instead, in one sentence
 */
public record SchemaIssue(String tool, String path, String detail) {
    public SchemaIssue {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(detail, "detail");
    }

    @Override
    public String toString() {
        return tool + " " + (path.isEmpty() ? "(root)" : path) + ": " + detail;
    }
}
