package io.mcphost.transport.stdio.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

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

    /** Names of options whose value is a secret: {@code --api-key}, {@code --token}, {@code PASSWORD=}. */
    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i).*(token|secret|passw(or)?d|pwd|api[-_.]?key|access[-_.]?key|private[-_.]?key|auth|bearer|credential|cookie|session).*");
    /** Values that are secrets whatever precedes them: well-known token prefixes and JWTs. */
    private static final Pattern SECRET_VALUE = Pattern.compile(
            "(?i)(bearer\\s.*|(sk|pk|rk)[-_].{8,}|gh[pousr]_.{8,}|github_pat_.*|xox[abprs]-.*|glpat-.*|AKIA[0-9A-Z]{12,}|eyJ[\\w-]+\\.[\\w-]+\\..*)");
    /** Long runs of letters and digits without a path or a dot look like keys, not file names or flags. */
    private static final Pattern OPAQUE = Pattern.compile("(?=.*\\d)(?=.*[A-Za-z])[A-Za-z0-9_+/=-]{24,}");
    private static final String REDACTED = "***";

    /**
     * The program without its arguments — "npx (+3 args)" — for logger names, {@code describe()} and
     * anything else that is shown often. Servers take tokens as arguments.
     */
    public String describe() {
        if (command.isEmpty()) {
            return name;
        }
        int args = command.size() - 1;
        return command.getFirst() + (args == 0 ? "" : " (+" + args + (args == 1 ? " arg)" : " args)"));
    }

    /**
     * The whole command line for an error about starting it (where the arguments help), with every
     * value that looks like a secret replaced by {@code ***}: the value after an option named like
     * one ({@code --api-key X}), the value of {@code --token=X} or {@code API_KEY=X}, and values that
     * look like tokens by themselves (known prefixes, JWTs, long opaque strings).
     */
    public String redactedCommandLine() {
        StringBuilder line = new StringBuilder();
        boolean valueIsSecret = false;
        for (int i = 0; i < command.size(); i++) {
            String word = command.get(i);
            if (i > 0) {
                line.append(' ');
            }
            int equals = word.indexOf('=');
            if (i == 0) {
                line.append(word);
            } else if (valueIsSecret && !word.startsWith("-")) {
                line.append(REDACTED);
            } else if (equals > 0 && SECRET_NAME.matcher(word.substring(0, equals)).matches()) {
                line.append(word, 0, equals + 1).append(REDACTED);
            } else if (SECRET_VALUE.matcher(word).matches() || OPAQUE.matcher(word).matches()) {
                line.append(REDACTED);
            } else {
                line.append(word);
            }
            valueIsSecret = i > 0 && word.startsWith("-") && equals < 0 && SECRET_NAME.matcher(word).matches();
        }
        return line.toString();
    }

    /** The default close budget: both graces plus a second for SIGKILL and reaping. */
    public Duration closeBudget() {
        return closeGracePeriod.plus(termGracePeriod).plusSeconds(1);
    }
}
