package io.mcphost.cli;

import io.mcphost.config.InputDefinition;
import io.mcphost.config.InputResolver;
import java.io.Console;
import java.io.PrintWriter;

/**
 * Asks the user for VS Code {@code ${input:id}} values on the terminal: a secret ({@code password: true})
 * is read without echo; a default is taken on Enter; a {@code pickString} input lists its options and
 * accepts a number or a value. Without a terminal it answers nothing, so the load fails naming the input
 * instead of waiting for input that cannot come.
 */
final class ConsoleInputs implements InputResolver {
    private final Console console;
    private final PrintWriter err;

    ConsoleInputs(Console console, PrintWriter err) {
        this.console = console;
        this.err = err;
    }

    @Override
    public String resolve(InputDefinition input) {
        if (console == null) {
            err.println("mcphost: the configuration asks for input '" + input.id() + "' and there is no terminal to ask on");
            err.flush();
            return null;
        }
        String label = input.description().orElse(input.id());
        for (int attempt = 0; attempt < 3; attempt++) {
            String answer;
            if (!input.options().isEmpty()) {
                for (int i = 0; i < input.options().size(); i++) {
                    console.printf("  %d) %s%n", i + 1, input.options().get(i));
                }
                answer = console.readLine("%s%s: ", label, input.defaultValue().map(d -> " [" + d + "]").orElse(""));
                if (answer != null && answer.matches("\\d+")) {
                    int n = Integer.parseInt(answer);
                    answer = n >= 1 && n <= input.options().size() ? input.options().get(n - 1) : answer;
                }
            } else if (input.isPassword()) {
                char[] secret = console.readPassword("%s (hidden): ", label);
                answer = secret == null ? null : new String(secret);
            } else {
                answer = console.readLine("%s%s: ", label, input.defaultValue().map(d -> " [" + d + "]").orElse(""));
            }
            if (answer == null) {
                return null; // end of input
            }
            if (answer.isEmpty() && input.defaultValue().isPresent()) {
                return input.defaultValue().get();
            }
            if (!input.options().isEmpty() && !input.options().contains(answer)) {
                console.printf("choose one of the options (by number or value)%n");
                continue;
            }
            if (!answer.isEmpty()) {
                return answer;
            }
        }
        return null;
    }
}
