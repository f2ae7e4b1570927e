package io.mcphost.cli;

import io.mcphost.protocol.McpException;
import java.io.Console;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;

/**
 * Entry point of the {@code mcphost} command. Exit codes: see {@link ExitCode}. Errors are one line on stderr (plus the
 * server's stderr tail when it died); stack traces only with {@code -v}. Not for use as a library:
 * {@link #main} ends the JVM.
 */
public final class Main {
    /** Set by the {@code ./mcphost} launcher from {@code [ -t 2 ]}: Java cannot ask about stderr alone. */
    static final String STDERR_TERMINAL_PROPERTY = "mcphost.stderr.terminal";
    /** Set by the launcher from {@code [ -t 0 ]}: whether a person can answer on stdin. */
    static final String STDIN_TERMINAL_PROPERTY = "mcphost.stdin.terminal";
    /** Set by the launcher to the terminal's width when stdout is a terminal. */
    static final String COLUMNS_PROPERTY = "mcphost.columns";
    static final int DEFAULT_COLUMNS = 100;

    private Main() {
    }

    /**
     * Runs the command and exits with its code.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        StartupTrace.mark("main");
        configureLogging(List.of(args).contains("-v") || List.of(args).contains("--verbose"),
                List.of(args).stream().anyMatch(a -> a.equals("--log-level") || a.startsWith("--log-level=")));
        // After the logging settings (whatever these load may make a logger, which reads them once); the
        // server first, so that it boots while the rest starts.
        EarlyServer.start(args);
        Warmup.start(args);
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        boolean stderrIsTerminal = stderrIsTerminal();
        TerminalInput input = TerminalInput.of(new InputStreamReader(System.in, StandardCharsets.UTF_8),
                stdinIsTerminal() && stderrIsTerminal);
        int code = run(args, out, err, input, stderrIsTerminal, columns());
        EarlyServer.discard();
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs the command with the given streams and no one to answer questions; returns the exit code. */
    static int run(String[] args, PrintWriter out, PrintWriter err, boolean stderrIsTerminal, int columns) {
        return run(args, out, err, TerminalInput.none(), stderrIsTerminal, columns);
    }

    /** Runs the command with the given streams; returns the exit code. Used by tests too. */
    static int run(String[] args, PrintWriter out, PrintWriter err, TerminalInput input, boolean stderrIsTerminal, int columns) {
        Set<String> named = namedCommands(args);
        if (named != null) {
            int code = run(args, out, err, input, stderrIsTerminal, columns, named);
            if (code != UNKNOWN_WORD) {
                return code;
            }
            // A word no registered command took: the full model says what it is (another command's
            // option, a typo of a command with picocli's suggestions). Nothing ran and nothing was printed
            // (only '--json -' would have read stdin already, and then reads it empty the second time).
        }
        return run(args, out, err, input, stderrIsTerminal, columns, null);
    }

    /** What the first try returns when an argument was not understood with only the named commands. */
    private static final int UNKNOWN_WORD = Integer.MIN_VALUE;

    /**
     * The commands a command line names, or null when it needs them all: help lists them, and
     * {@code help CMD} finds them. A word that is a command's name counts even where it is an option's
     * value ({@code --log-level info call}): registering a command too many costs little, too few
     * would change the parse.
     */
    static Set<String> namedCommands(String[] args) {
        Set<String> named = new HashSet<>();
        for (String arg : args) {
            if (ALL_COMMANDS_FOR.contains(arg)) {
                return null;
            }
            if (McpHostCommand.COMMAND_NAMES.containsKey(arg)) {
                named.add(arg);
            }
        }
        return named;
    }

    /** Words after which picocli may list or look up any command. */
    private static final Set<String> ALL_COMMANDS_FOR = Set.of("-h", "--help", "help");

    /**
     * Runs the command line with a model of the named commands only (picocli builds each command's model
     * by reflection, which a one-shot command would otherwise pay for all eighteen), or of all when
     * {@code named} is null.
     */
    static int run(String[] args, PrintWriter out, PrintWriter err, TerminalInput input, boolean stderrIsTerminal,
            int columns, Set<String> named) {
        StartupTrace.mark("run");
        McpHostCommand root = new McpHostCommand(out, err, input, stderrIsTerminal, columns);
        CommandLine cli = commandLine(root, named);
        // "--log-level info" names a level, not the info command.
        cli.setAllowSubcommandsAsOptionParameters(true);
        // '--json @args.json' reads tool arguments (JsonOption); picocli's own @-file expansion would
        // replace the word with the file's words before the option sees it.
        cli.setExpandAtFiles(false);
        Help.arrange(cli, named == null);
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            // McpException messages already name the server and quote its stderr tail when it died.
            err.println("mcphost: " + ErrorText.of(e instanceof McpException ? e.getMessage() : "unexpected failure: " + e));
            if (root.verbose) {
                e.printStackTrace(err);
            }
            err.flush();
            return ExitCode.of(e);
        });
        cli.setParameterExceptionHandler((e, a) -> {
            if (named != null && e instanceof CommandLine.UnmatchedArgumentException) {
                return UNKNOWN_WORD;
            }
            String command = e.getCommandLine().getCommandSpec().qualifiedName();
            // A mistake inside a configuration file names the file, the server and the key: the command's
            // help has nothing to add to that.
            boolean inFile = e.getCause() instanceof io.mcphost.config.McpConfigException;
            err.println("mcphost: " + ErrorText.ofUsage(e.getMessage()) + (inFile ? "" : " (see '" + command + " --help')"));
            if (root.verbose) {
                e.printStackTrace(err);
            }
            err.flush();
            return McpHostCommand.USAGE;
        });
        cli.setExecutionStrategy(parsed -> {
            StartupTrace.mark("parsed");
            return new CommandLine.RunLast().execute(parsed);
        });
        return cli.execute(args);
    }

    /**
     * The picocli model of the root command with the named commands (all of them when {@code named} is
     * null), in {@link McpHostCommand#COMMANDS} order.
     */
    static CommandLine commandLine(McpHostCommand root, Set<String> named) {
        StartupTrace.mark("root command");
        CommandLine cli = new CommandLine(root);
        StartupTrace.mark("root model");
        Set<Class<?>> wanted = named == null ? null : new HashSet<>();
        if (named != null) {
            named.forEach(name -> wanted.add(McpHostCommand.COMMAND_NAMES.get(name)));
        }
        for (Class<?> command : McpHostCommand.COMMANDS) {
            if (wanted == null || wanted.contains(command)) {
                cli.addSubcommand(command);
            }
        }
        StartupTrace.mark("picocli model");
        return cli;
    }

    /**
     * slf4j-simple reads its settings once, when the first logger is made: set them before that.
     * Its output goes to stderr so stdout stays clean for results (and {@code --json}).
     */
    private static void configureLogging(boolean verbose, boolean serverLogsPrinted) {
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", verbose ? "debug" : "warn");
        // The HTTP library's own debug lines print request headers, Authorization included: --verbose shows
        // McpHost's debug lines (which never carry a secret), never the library's.
        System.setProperty("org.slf4j.simpleLogger.log.org.eclipse.jetty", "warn");
        if (!verbose) {
            // The schema validator warns about keywords it does not know (e.g. a form's legacy enumNames);
            // nothing a CLI user can act on.
            System.setProperty("org.slf4j.simpleLogger.log.com.networknt.schema", "error");
        }
        if (serverLogsPrinted && !verbose) {
            // --log-level prints the server's log messages itself; the library's copy would say them twice.
            System.setProperty("org.slf4j.simpleLogger.log.mcphost.server", "off");
        }
        System.setProperty("org.slf4j.simpleLogger.showThreadName", "false");
        // With --config the CLI reports servers that cannot start itself, in one line each.
        System.setProperty("org.slf4j.simpleLogger.log.io.mcphost.host", verbose ? "debug" : "error");
        System.setProperty("org.slf4j.simpleLogger.showShortLogName", "true");
    }

    private static boolean stderrIsTerminal() {
        String told = System.getProperty(STDERR_TERMINAL_PROPERTY);
        // Without the launcher's word, an interactive console (stdin and stdout) is the best guess.
        return told != null ? Boolean.parseBoolean(told) : System.console() != null;
    }

    /**
     * Whether stdin is a terminal a person types on. Without the launcher's word: a console that is
     * a terminal (before JDK 22 {@code System.console()} is null otherwise; from 22 it may exist for
     * pipes too, and {@code isTerminal()}, looked up by name to keep Java 21, tells).
     */
    private static boolean stdinIsTerminal() {
        String told = System.getProperty(STDIN_TERMINAL_PROPERTY);
        if (told != null) {
            return Boolean.parseBoolean(told);
        }
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true; // Java 21: a console exists only for a terminal
        }
    }

    private static int columns() {
        int columns = Integer.getInteger(COLUMNS_PROPERTY, DEFAULT_COLUMNS);
        return columns >= 40 ? columns : DEFAULT_COLUMNS;
    }
}
