package io.mcphost.config;

/**
 * Supplies the value of an {@code ${input:id}} reference, typically by asking the user (VS Code's
 * {@code promptString}). The loader asks once per input and per load, however many times the file
 * uses it, and only for inputs that are actually referenced. Called on the thread that loads.
 */
@FunctionalInterface
public interface InputResolver {
    /**
     * The value of {@code input}. May block (for example while the user types).
     *
     * @return the value, or null when the user gave none, which fails the load with a
     *         {@link McpConfigException} naming the input
     */
    String resolve(InputDefinition input);
}
