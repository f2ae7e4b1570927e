package io.mcphost.cli;

import java.util.Stack;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The value of {@code --json}, which has two readings: bare, it asks for machine-readable
 * output; followed by a JSON object ({@code call add --json '{"a":1}'}), it gives a tool's whole
 * arguments object. The next word is taken as arguments only when it starts with <code>{</code> or <code>@</code> or is <code>-</code>, so
 * {@code --json tools} and {@code call add --json a=1} keep the flag reading. {@code --json @FILE}
 * reads the object from a file and {@code --json -} from stdin (picocli's own @-file expansion is
 * off, see {@link Main}). Not thread-safe:
 * one instance per command-line parse.
 */
final class JsonOption {
    private boolean output;
    private String arguments;

    /** Whether machine-readable output was asked for. */
    boolean output() {
        return output;
    }

    /** The arguments object given after {@code --json}, or null. */
    String arguments() {
        return arguments;
    }

    /**
     * Picocli hook deciding, per occurrence, which reading applies. It only looks at the next
     * word; validating the JSON is left to {@link ToolArguments} so the error names the problem.
     */
    static final class Consumer implements CommandLine.IParameterConsumer {
        @Override
        public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
            JsonOption option = argSpec.getValue();
            String next = args.isEmpty() ? "" : args.peek();
            boolean fromFile = next.startsWith("@") && next.length() > 1;
            if (next.stripLeading().startsWith("{") || fromFile || next.equals("-")) {
                if (option.arguments != null) {
                    throw new CommandLine.ParameterException(commandSpec.commandLine(),
                            "--json '{...}' (the tool arguments) given twice");
                }
                args.pop();
                option.arguments = fromFile ? readFile(commandSpec, next.substring(1)) : next.equals("-") ? readStdin(commandSpec) : next;
            } else {
                option.output = true;
            }
        }

        private static String readFile(CommandSpec spec, String file) {
            try {
                return java.nio.file.Files.readString(java.nio.file.Path.of(file));
            } catch (java.io.IOException | java.nio.file.InvalidPathException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--json @" + file + ": cannot read the file: "
                        + (e instanceof java.nio.file.NoSuchFileException ? "no such file" : e.getMessage()));
            }
        }

        private static String readStdin(CommandSpec spec) {
            try {
                return new String(System.in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--json -: cannot read stdin: " + e);
            }
        }
    }
}
