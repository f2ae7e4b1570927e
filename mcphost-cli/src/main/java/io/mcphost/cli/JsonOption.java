package io.mcphost.cli;

import java.util.Stack;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The value of {@code --json}, which has two readings: bare, it asks for machine-readable
 * output; followed by a JSON object ({@code call add --json '{"a":1}'}), it gives a tool's whole
 * arguments object. The next word is taken as arguments only when it starts with <code>{</code>, so
 * {@code --json tools} and {@code call add --json a=1} keep the flag reading. Not thread-safe:
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
            if (!args.isEmpty() && args.peek().stripLeading().startsWith("{")) {
                if (option.arguments != null) {
                    throw new CommandLine.ParameterException(commandSpec.commandLine(),
                            "--json '{...}' (the tool arguments) given twice");
                }
                option.arguments = args.pop();
            } else {
                option.output = true;
            }
        }
    }
}
