package io.mcphost.springai;

/**
 * A tool answered with {@code isError: true}; the message is the tool's own error text. It reaches
 * Spring AI as the cause of a {@code ToolExecutionException}, which Spring AI's default
 * {@code ToolExecutionExceptionProcessor} turns into the tool response the model reads. An
 * application that would rather stop the conversation lists this class among the processor's
 * rethrown exceptions. Immutable.
 */
public final class McpToolErrorException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String tool;

    /**
     * @param tool      the exposed name of the tool that failed
     * @param errorText the tool's error text, the exception's message
     */
    public McpToolErrorException(String tool, String errorText) {
        super(errorText, null, false, false); // a tool's answer, not a fault in this JVM: no stack trace
        this.tool = tool;
    }

    /** The exposed name of the tool that failed. */
    public String tool() {
        return tool;
    }
}
