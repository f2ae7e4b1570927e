package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.server.demo.DemoServer;
import io.mcphost.server.http.StreamableHttpServer;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server asking the user through the CLI, with the answers typed by a scripted terminal: the demo
 * server's {@code greet} tool (a name, a titled choice with a default, a yes/no with a default), then
 * server-everything's richer form and its URL-mode elicitation over stdio.
 */
class CliElicitationTest {
    @Test
    void eachFieldIsAskedOnStderrAndTheAnswerShapesTheResult() {
        CliRun r = CliRun.typing("Ada\n3\ny\n\n", "call", "greet");

        assertThat(r.code()).isZero();
        assertThat(r.out().strip()).isEqualTo("AHOY, ADA!!!");
        assertThat(r.err()).contains("? demo asks: Who should be greeted, and how?", "  Name * (text, 1 to 40 characters): Who to greet",
                "     3) Pirate", "  [Friendly] > ", "  answer: {\"name\":\"Ada\",\"style\":\"pirate\",\"excited\":true}", "sent.");
    }

    @Test
    void enterKeepsTheDefaults() {
        CliRun r = CliRun.typing("Ada\n\n\n\n", "call", "greet");

        assertThat(r.out().strip()).isEqualTo("Hello, Ada!");
    }

    @Test
    void anInvalidAnswerIsAskedAgainWithTheReason() {
        CliRun r = CliRun.typing("\nAda\nnine\nformal\nmaybe\nn\n\n", "call", "greet");

        assertThat(r.out().strip()).isEqualTo("Good day, Ada.");
        assertThat(r.err()).contains("  ! an answer is required; try again",
                "  ! 'nine' is not one of the choices: give its number (1 to 3) or its value; try again",
                "  ! answer yes or no, not 'maybe'; try again");
    }

    @Test
    void refusingTheReviewAsksTheFormAgain() {
        CliRun r = CliRun.typing("Bob\n\n\nno\nAda\n2\n\n\n", "call", "greet");

        assertThat(r.out().strip()).isEqualTo("Good day, Ada.");
        assertThat(r.err()).contains("{\"name\":\"Bob\",\"style\":\"friendly\",\"excited\":false}");
    }

    @Test
    void declineCancelAndTheEndOfInputEachGiveTheServerTheirAnswer() {
        CliRun declined = CliRun.typing("Ada\n:decline\n", "call", "greet");
        CliRun cancelled = CliRun.typing(":cancel\n", "call", "greet");
        CliRun ended = CliRun.typing("Ada\n", "call", "greet");

        assertThat(declined.code()).isZero();
        assertThat(declined.out().strip()).isEqualTo("No greeting: you declined to say who to greet.");
        assertThat(declined.err()).contains("  declined.");
        assertThat(cancelled.out().strip()).isEqualTo("No greeting: the question was dismissed without an answer.");
        assertThat(cancelled.err()).contains("  cancelled.");
        assertThat(ended.out().strip()).isEqualTo("No greeting: the question was dismissed without an answer.");
        assertThat(ended.err()).contains("(end of input: cancelled)");
    }

    @Test
    void withoutATerminalOrWithNoInputTheQuestionIsDeclinedOnOneLineAndNothingIsRead() {
        CliRun noTerminal = CliRun.of("call", "greet");
        CliRun noInput = CliRun.typing("Ada\n\n\n\n", "--no-input", "call", "greet");

        for (CliRun r : new CliRun[] {noTerminal, noInput}) {
            assertThat(r.code()).isZero();
            assertThat(r.out().strip()).isEqualTo("No greeting: you declined to say who to greet.");
            assertThat(r.err().strip()).isEqualTo("mcphost: server 'demo' asked for input (\"Who should be greeted, and how?\");"
                    + " declined: no terminal to ask on (stdin is not a terminal, or --no-input)");
        }
    }

    @Test
    @Timeout(60) // a command that kept waiting for the terminal would never return: fail instead of hanging the build
    void aQuestionNoLongerWantedStopsWaitingForTheAnswer() throws Exception {
        // The server is already up (in this JVM, over HTTP): the 4 s are the question's alone, not a child's start-up.
        try (PipedWriter nobodyTypes = new PipedWriter(); PipedReader terminal = new PipedReader(nobodyTypes);
             StreamableHttpServer http = StreamableHttpServer.builder(DemoServer.server()).start()) {
            long start = System.nanoTime();
            CliRun r = CliRun.run(TerminalInput.of(terminal, true), "--timeout", "4s", "--url", http.endpoint().toString(),
                    "call", "greet");

            // The call timed out and the command ended although the terminal never gave an answer nor
            // ended: a command still waiting for one would never return. The bound only catches a wait
            // that outlives the call by far (10x its timeout); a CLI and a demo server JVM started on a
            // loaded machine took 12.4 s once, past the 12 s this used to allow.
            assertThat(r.code()).isEqualTo(ExitCode.TIMEOUT);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(40));
            assertThat(r.err()).contains("  Name * (text, 1 to 40 characters): Who to greet", "got no answer within 4 s");
        }
    }

    @Test
    void aRemoteServerAsksTheSameWayOverStreamableHttp() {
        try (StreamableHttpServer http = StreamableHttpServer.builder(DemoServer.server()).start()) {
            CliRun r = CliRun.typing("Grace\nformal\n\ny\n", "--url", http.endpoint().toString(), "call", "greet");

            assertThat(r.code()).isZero();
            assertThat(r.out().strip()).isEqualTo("Good day, Grace.");
            assertThat(r.err()).contains("? 127.0.0.1 asks: Who should be greeted, and how?");
        }
    }

    @Test
    void serverEverythingsFormWithFormatsRangesTitledEnumsAndMultiSelectsIsFilledIn() {
        String typed = String.join("\n",
                "Ada Lovelace",          // name (required)
                "yes",                   // check
                "",                      // firstLine: default
                "ada-at-example", "ada@example.com", // email: invalid, then valid
                "https://ada.example",   // homepage (uri)
                "1815-12-10",            // birthdate (date)
                "500", "36",             // integer 1..100: out of range, then valid
                "",                      // number: default 3.14
                "3",                     // untitledSingleSelectEnum: Joey
                "2, violin",             // untitledMultipleSelectEnum
                "wonder woman",          // titledSingleSelectEnum by title
                "",                      // titledMultipleSelectEnum: default
                "2",                     // legacyTitledEnum (enumNames): Dogs
                "",                      // send
                "");
        CliRun r = CliRun.typing(typed, "--stdio", EverythingFixture.stdio(), "call", "trigger-elicitation-request");

        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("- Name: Ada Lovelace", "- Email: ada@example.com", "- Favorite Integer: 36",
                "- Favorite Number: 3.14", "\"untitledMultipleSelectEnum\": [\n      \"Piano\",\n      \"Violin\"\n    ]",
                "\"titledSingleSelectEnum\": \"hero-3\"", "\"titledMultipleSelectEnum\": [\n      \"fish-1\"\n    ]",
                "\"legacyTitledEnum\": \"pet-2\"", "\"untitledSingleSelectEnum\": \"Joey\"");
        assertThat(r.err()).contains("'ada-at-example' is not a valid email", "must have a maximum value of 100",
                "     2) Dogs [pet-2]").doesNotContain("WARN");
    }

    @Test
    void aUrlIsShownWithItsHostNeverOpenedAndOnlyAYesConsents() {
        String[] call = {"--stdio", EverythingFixture.stdio(), "call", "trigger-url-elicitation", "url=https://auth.example.com/start"};
        CliRun yes = CliRun.typing("y\n", call);
        CliRun no = CliRun.typing("\n", call);
        CliRun ended = CliRun.typing("", call);

        assertThat(yes.out()).contains("User completed the URL elicitation flow", "\"action\": \"accept\"");
        assertThat(yes.err()).contains("asks you to open a URL: Please open the link to complete this action.",
                "  https://auth.example.com/start", "  host: auth.example.com", "mcphost never opens URLs", "consent sent.");
        assertThat(no.out()).contains("User declined to open the URL");
        assertThat(ended.out()).contains("User cancelled the URL elicitation");
    }
}
