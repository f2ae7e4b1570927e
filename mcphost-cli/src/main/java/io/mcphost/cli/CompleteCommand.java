package io.mcphost.cli;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.completion.CompleteResult;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code mcphost complete prompt|resource ...}: asks the server ({@code completion/complete}) for
 * values of a prompt argument or a resource template variable, one per line on stdout (or the raw
 * result with {@code --json}); how many exist in all, when the server says, goes to stderr so the
 * values can be piped. Not thread-safe: one instance per command line.
 */
@Command(name = "complete", description = "Suggest values for a prompt argument or a resource template variable.",
        footer = {"", "Examples:", "  mcphost complete prompt summarize style b", "  mcphost complete resource 'demo://notes/{name}' name gr"})
final class CompleteCommand {
    @ParentCommand
    McpHostCommand root;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Command(name = "prompt", description = "Suggest values for a prompt's argument: complete prompt <name> <argument>"
            + " [<partial>] [--context k=v ...].",
            footer = {"", "Examples:", "  mcphost complete prompt summarize style b",
                "  mcphost --stdio \"npx -y @modelcontextprotocol/server-everything\" complete prompt complex-prompt style"})
    int prompt(@Parameters(index = "0", paramLabel = "NAME", description = "The prompt's name.") String prompt,
               @Parameters(index = "1", paramLabel = "ARGUMENT", description = "The argument to complete.") String argument,
               @Parameters(index = "2", paramLabel = "PARTIAL", arity = "0..1", defaultValue = "",
                       description = "What is typed so far (default: nothing).") String partial,
               @Option(names = "--context", paramLabel = "K=V", description = "An argument already chosen (repeatable).")
               List<String> context) {
        return complete(prompt, name -> CompleteRequestParams.forPrompt(name, argument, partial), context);
    }

    @Command(name = "resource", description = "Suggest values for a resource template's variable: complete resource"
            + " <uriTemplate> <variable> [<partial>] [--context k=v ...].",
            footer = {"", "Examples:", "  mcphost complete resource 'demo://notes/{name}' name gr",
                "  mcphost complete resource 'demo://notes/{name}' name --context owner=me"})
    int resource(@Parameters(index = "0", paramLabel = "URI_TEMPLATE", description = "The template, e.g. demo://notes/{name}.")
                 String uriTemplate,
                 @Parameters(index = "1", paramLabel = "VARIABLE", description = "The variable to complete.") String variable,
                 @Parameters(index = "2", paramLabel = "PARTIAL", arity = "0..1", defaultValue = "",
                         description = "What is typed so far (default: nothing).") String partial,
                 @Option(names = "--context", paramLabel = "K=V", description = "A variable already chosen (repeatable).")
                 List<String> context) {
        return complete(null, name -> CompleteRequestParams.forResourceTemplate(uriTemplate, variable, partial), context);
    }

    /**
     * @param prompt  the prompt's name as given (under --config a prefixed one picks its server), or null
     * @param request the request, given the prompt's name as the server knows it
     */
    private int complete(String prompt, java.util.function.Function<String, CompleteRequestParams> request, List<String> context) {
        Map<String, String> chosen = Map.of();
        if (context != null && !context.isEmpty()) {
            try {
                chosen = ToolArguments.strings(context);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--context: " + e.getMessage());
            }
        }
        McpHostCommand.Named target = prompt == null ? new McpHostCommand.Named(root.connect(), null) : root.connectFor(prompt);
        try (McpClient client = target.client()) {
            CompleteRequestParams params = request.apply(target.name());
            CompleteResult result = client.complete(chosen.isEmpty() ? params : params.withContext(chosen));
            Printer p = root.printer();
            if (p.isJson()) {
                p.json(result);
                return McpHostCommand.OK;
            }
            CompleteResult.Completion completion = result.completion();
            completion.values().forEach(p.out()::println);
            p.out().flush();
            PrintWriter err = root.err();
            if (completion.values().isEmpty()) {
                err.println("(no suggestions)");
            } else if (completion.hasMore().orElse(false) || completion.total().filter(t -> t > completion.values().size()).isPresent()) {
                err.println("(" + completion.values().size() + " shown" + completion.total().map(t -> " of " + t).orElse("")
                        + "; more exist: type more of the value)");
            }
            err.flush();
            return McpHostCommand.OK;
        }
    }
}
