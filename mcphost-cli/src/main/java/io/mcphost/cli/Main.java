package io.mcphost.cli;

import io.mcphost.protocol.McpException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import picocli.CommandLine;

/**
 * Entry point of the {@code mcphost} command. Exit codes: 0 ok, 1 the tool returned an error
 * result, 2 usage error, 3 connection or protocol failure. Errors are one line on stderr (plus the
 * server's stderr tail when it died); stack traces only with {@code -v}.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        configureLogging(List.of(args).contains("-v") || List.of(args).contains("--verbose"));
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        int code = run(args, out, err, System.console() != null);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs the command with the given streams; returns the exit code. Used by tests too. */
    static int run(String[] args, PrintWriter out, PrintWriter err, boolean terminal) {
        McpHostCommand root = new McpHostCommand(out, err, terminal);
        CommandLine cli = new CommandLine(root);
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            boolean verbose = root.verbose;
            if (e instanceof McpException) {
                err.println("mcphost: " + e.getMessage());
                if (verbose) {
                    e.printStackTrace(err);
                }
                return McpHostCommand.FAILURE;
            }
            err.println("mcphost: unexpected failure: " + e);
            if (verbose) {
                e.printStackTrace(err);
            }
            return McpHostCommand.FAILURE;
        });
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("mcphost: " + e.getMessage());
            err.println("Try 'mcphost --help' for usage.");
            return McpHostCommand.USAGE;
        });
        return cli.execute(args);
    }

    /** slf4j-simple reads its settings once, when the first logger is made: set them before that. */
    private static void configureLogging(boolean verbose) {
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", verbose ? "debug" : "warn");
        System.setProperty("org.slf4j.simpleLogger.showThreadName", "false");
        System.setProperty("org.slf4j.simpleLogger.showShortLogName", "true");
    }
}
