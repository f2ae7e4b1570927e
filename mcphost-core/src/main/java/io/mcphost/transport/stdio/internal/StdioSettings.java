package io.mcphost.transport.stdio.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link io.mcphost.transport.stdio.StdioTransport.Builder} collected, validated there and
 * copied at {@code build()}: a built transport never sees later changes to its builder.
 *
 * @param name              the server's name in logs and errors
 * @param command           the program and its arguments, run without a shell (empty over streams)
 * @param cwd               the server's working directory, or this process's when empty
 * @param env               variables set in the server's environment, on top of the allowlist
 * @param envPassthrough    names of host variables forwarded to the server
 * @param maxMessageBytes   the longest line accepted from the server
 * @param stderrBufferBytes how much of the server's stderr is kept for error messages
 * @param closeGracePeriod  how long close waits for an exit after stdin closes
 * @param termGracePeriod   how long close waits after SIGTERM before SIGKILL
 */
public record StdioSettings(String name, List<String> command, Optional<Path> cwd, Map<String, String> env,
                            List<String> envPassthrough, int maxMessageBytes, int stderrBufferBytes,
                            Duration closeGracePeriod, Duration termGracePeriod) {
    public StdioSettings {
        Objects.requireNonNull(name, "name");
        command = List.copyOf(command);
        Objects.requireNonNull(cwd, "cwd");
        env = Map.copyOf(env);
        envPassthrough = List.copyOf(envPassthrough);
        Objects.requireNonNull(closeGracePeriod, "closeGracePeriod");
        Objects.requireNonNull(termGracePeriod, "termGracePeriod");
    }

    /** The default close budget: both graces plus a second for SIGKILL and reaping. */
    public Duration closeBudget() {
        return closeGracePeriod.plus(termGracePeriod).plusSeconds(1);
    }
}
