package io.mcphost.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process run of the CLI with captured output, as a test sees it. */
record CliRun(int code, String out, String err) {
    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true), false, Main.DEFAULT_COLUMNS);
        return new CliRun(code, out.toString(), err.toString());
    }
}
