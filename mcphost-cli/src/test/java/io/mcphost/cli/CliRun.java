package io.mcphost.cli;

import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;

/** One in-process run of the CLI with captured output, as a test sees it. */
record CliRun(int code, String out, String err) {
    static CliRun of(String... args) {
        return run(TerminalInput.none(), args);
    }

    /** A run in which a person at the terminal types {@code typed} (lines ending in \n; then end of input). */
    static CliRun typing(String typed, String... args) {
        return run(TerminalInput.of(new StringReader(typed), true), args);
    }

    static CliRun run(TerminalInput input, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true), input, false, Main.DEFAULT_COLUMNS);
        return new CliRun(code, out.toString(), err.toString());
    }
}
