package io.mcphost.cli;

import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.ServerRequestContext;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitRequestParams;
import io.mcphost.protocol.elicitation.ElicitRequestURLParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.Json;
import java.io.PrintWriter;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.node.ObjectNode;

/**
 * Answers a server's {@code elicitation/create} on the terminal. Form mode asks field by field on
 * stderr (stdout stays for results), re-asking until an answer fits the field, then shows the answer
 * and sends it once the user agrees. URL mode shows the URL and its host, asks for consent and never
 * opens anything: consent accepts, anything else declines. At any prompt {@code :decline} refuses and
 * {@code :cancel} or the end of input dismisses. Without an interactive terminal every request is
 * declined with one line on stderr, and nothing is read.
 *
 * <p>Thread-safe: the client calls the handler on one virtual thread per request; requests take
 * turns on the terminal. A request whose answer is no longer wanted (the server cancelled it, its
 * deadline passed) is interrupted by the client and stops asking at once.
 */
final class TerminalElicitation {
    static final String DECLINE = ":decline";
    static final String CANCEL = ":cancel";

    private final TerminalInput input;
    private final PrintWriter err;
    private final ReentrantLock terminal = new ReentrantLock();

    TerminalElicitation(TerminalInput input, PrintWriter err) {
        this.input = input;
        this.err = err;
    }

    ElicitationHandler handler() {
        return ElicitationHandler.blocking(this::elicit);
    }

    ElicitResult elicit(ElicitRequestParams request, ServerRequestContext context) throws InterruptedException {
        String server = printable(context.server());
        if (!input.interactive()) {
            err.println("mcphost: server '" + server + "' asked for input (\"" + printable(request.message()).replace('\n', ' ')
                    + "\"); declined: no terminal to ask on (stdin is not a terminal, or --no-input)");
            err.flush();
            return ElicitResult.decline();
        }
        terminal.lockInterruptibly(); // one question on the terminal at a time
        try {
            return switch (request) {
                case ElicitRequestFormParams form -> form(server, form);
                case ElicitRequestURLParams url -> url(server, url);
            };
        } catch (InterruptedException e) {
            say("");
            say("  (no longer needed: the server withdrew the question, or its time ran out)");
            throw e;
        } finally {
            terminal.unlock();
        }
    }

    private ElicitResult form(String server, ElicitRequestFormParams form) throws InterruptedException {
        List<FormField> fields = new ArrayList<>();
        List<String> required = form.requiredProperties();
        form.requestedProperties().forEach((name, schema) -> fields.add(FormField.of(name, schema, required.contains(name))));
        say("");
        say("? " + server + " asks: " + printable(form.message()));
        if (fields.isEmpty()) {
            return confirmation();
        }
        say("  Enter keeps a [default]; * marks a required field; " + DECLINE + " refuses, " + CANCEL + " dismisses.");
        while (true) {
            ObjectNode content = Json.newObject();
            for (FormField field : fields) {
                field.describe().forEach(this::say);
                Optional<ElicitResult> stop = askField(field, content);
                if (stop.isPresent()) {
                    return stop.get();
                }
            }
            say("  answer: " + printable(content.toString()));
            Optional<String> line = ask("  send it to " + server + "? [Y/n, n asks again] > ");
            Optional<ElicitResult> stop = ended(line);
            if (stop.isPresent()) {
                return stop.get();
            }
            String reply = line.orElseThrow().strip().toLowerCase(Locale.ROOT);
            if (!reply.equals("n") && !reply.equals("no")) {
                say("  sent.");
                return ElicitResult.accept(content);
            }
        }
    }

    /** Asks one field until its answer fits; returns a result only when the user stopped the whole form. */
    private Optional<ElicitResult> askField(FormField field, ObjectNode content) throws InterruptedException {
        while (true) {
            Optional<String> line = ask(field.prompt());
            Optional<ElicitResult> stop = ended(line);
            if (stop.isPresent()) {
                return stop;
            }
            switch (field.parse(line.orElseThrow())) {
                case FormField.Answer.Value value -> {
                    content.set(field.name(), value.value());
                    return Optional.empty();
                }
                case FormField.Answer.Skip skip -> {
                    return Optional.empty();
                }
                case FormField.Answer.Invalid invalid -> say("  ! " + printable(invalid.reason()) + "; try again");
            }
        }
    }

    /** A form without fields: the server only wants a yes or a no. */
    private ElicitResult confirmation() throws InterruptedException {
        Optional<String> line = ask("  accept? [y/N, " + CANCEL + " dismisses] > ");
        Optional<ElicitResult> stop = ended(line);
        if (stop.isPresent()) {
            return stop.get();
        }
        return yes(line.orElseThrow()) ? ElicitResult.accept(Json.newObject()) : declined();
    }

    private ElicitResult url(String server, ElicitRequestURLParams request) throws InterruptedException {
        say("");
        say("? " + server + " asks you to open a URL: " + printable(request.message()));
        say("  " + printable(request.url()));
        String host;
        String scheme;
        try {
            URI uri = new URI(request.url());
            host = uri.getHost();
            scheme = uri.getScheme();
        } catch (java.net.URISyntaxException e) {
            host = null;
            scheme = null;
        }
        // The spec asks hosts to show where the link goes, so a misleading message cannot hide it.
        say("  host: " + (host == null ? "(none: not a web address)" : printable(host))
                + ("https".equalsIgnoreCase(scheme) ? "" : "  (warning: not https)"));
        say("  mcphost never opens URLs; open it yourself if you agree.");
        Optional<String> line = ask("  consent? [y/N] > ");
        if (line.isEmpty() || line.get().strip().equals(CANCEL)) {
            return ended(line).orElseThrow();
        }
        if (yes(line.get())) {
            say("  consent sent.");
            return ElicitResult.accept();
        }
        return declined();
    }

    /** The result when {@code line} (empty at the end of input) stops the request, else empty. */
    private Optional<ElicitResult> ended(Optional<String> line) {
        if (line.isEmpty()) {
            say("");
            say("  (end of input: cancelled)");
            return Optional.of(ElicitResult.cancel());
        }
        return switch (line.get().strip()) {
            case DECLINE -> Optional.of(declined());
            case CANCEL -> {
                say("  cancelled.");
                yield Optional.of(ElicitResult.cancel());
            }
            default -> Optional.empty();
        };
    }

    private ElicitResult declined() {
        say("  declined.");
        return ElicitResult.decline();
    }

    private static boolean yes(String line) {
        String reply = line.strip().toLowerCase(Locale.ROOT);
        return reply.equals("y") || reply.equals("yes");
    }

    private Optional<String> ask(String prompt) throws InterruptedException {
        err.print(prompt);
        err.flush();
        return input.readLine();
    }

    private void say(String line) {
        err.println(line);
        err.flush();
    }

    /**
     * {@code text} without control characters (newlines kept): what a server sends must not move the
     * cursor, clear the screen or rewrite what the user sees on the terminal.
     */
    static String printable(String text) {
        StringBuilder clean = new StringBuilder(text.length());
        text.codePoints().forEach(c -> clean.appendCodePoint(c == '\n' || c == '\t' || !Character.isISOControl(c) ? c : '?'));
        return clean.toString();
    }
}
