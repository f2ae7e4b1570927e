package io.mcphost.langchain4j;

import java.util.Objects;

/**
 * One part of a tool's JSON schema that LangChain4j's schema model ({@code JsonSchemaElement}) cannot
 * express exactly, and what was done instead. Immutable.
 *
 * <p>Nothing is dropped without an issue: a constraint keyword the model has no field for (such as
 * {@code minimum} or {@code pattern}) is moved into the element's description, where the model still
 * reads it; a construct it has no element for (such as {@code oneOf} or a non-string {@code enum}) is
 * approximated; each such change is one issue. Only an approximation changes what the model is told
 * ({@link Kind#APPROXIMATED}, logged at WARN); a keyword moved into the description keeps it, in words
 * ({@link Kind#DESCRIBED}, logged at DEBUG).
 *
 * @param tool   the exposed name of the tool (or synthetic tool) whose schema it is
 * @param path   where in the input schema, as a JSON pointer ({@code ""} for the root)
 * @param detail what could not be mapped and what was done instead, in one sentence
 * @param kind   whether the model still reads the same rule (in the description) or an approximation of it
 */
public record SchemaIssue(String tool, String path, String detail, Kind kind) {
    /** What the model sees of the part that could not be mapped element for element. */
    public enum Kind {
        /** The same rule, in words in the element's description (a {@code minimum}, a {@code default}, ...). */
        DESCRIBED,
        /** Something else than the schema said: a looser type, a lost rule, no parameters at all. */
        APPROXIMATED
    }

    public SchemaIssue {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(detail, "detail");
        Objects.requireNonNull(kind, "kind");
    }

    /** An approximation (the form before {@link Kind} was added). */
    public SchemaIssue(String tool, String path, String detail) {
        this(tool, path, detail, Kind.APPROXIMATED);
    }

    @Override
    public String toString() {
        return tool + " " + (path.isEmpty() ? "(root)" : path) + ": " + detail;
    }
}
