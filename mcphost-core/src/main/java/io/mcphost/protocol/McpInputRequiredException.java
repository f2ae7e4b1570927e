package io.mcphost.protocol;

import io.mcphost.protocol.modern.InputRound;
import java.util.Objects;

/**
 * A request ended in an {@code input_required} round (revision 2026-07-28) that the client did not
 * answer itself: the caller asked to take rounds over ({@link io.mcphost.client.CallOptions#takeOverInput()}),
 * or the server asked for input no registered handler provides. {@link #round()} holds everything
 * needed to answer it later — on this client or another — with
 * {@link io.mcphost.client.McpClient#resumeInput(InputRound, java.util.Map)}.
 */
public final class McpInputRequiredException extends McpException {
    private final transient InputRound round;

    public McpInputRequiredException(String server, String message, InputRound round) {
        super(server, message, null);
        this.round = Objects.requireNonNull(round, "round");
    }

    /** The pending round; serialise it with {@link InputRound#toJson()}. */
    public InputRound round() {
        return round;
    }
}
