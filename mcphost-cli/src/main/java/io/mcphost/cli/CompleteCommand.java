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
        Map<String, String> chosen = context(context);
        try (Target target = root.open(McpHostCommand.Need.oneServerFor(prompt, false))) {
            return print(target.client().complete(withContext(CompleteRequestParams.forPrompt(target.nameOf(prompt), argument, partial),
                    chosen)));
        }
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
        Map<String, String> chosen = context(context);
        CompleteRequestParams params = withContext(CompleteRequestParams.forResourceTemplate(uriTemplate, variable, partial), chosen);
        // Under --config the template's scheme names its server (HostTarget.openForUri); --server picks one.
        try (Target target = root.open(McpHostCommand.Need.uri(uriTemplate, false))) {
            return print(target.onServerOf(uriTemplate, true, client -> client.complete(params)));
        }
    }

    private Map<String, String> context(List<String> context) {
        if (context == null || context.isEmpty()) {
            return Map.of();
        }
        try {
            return ToolArguments.strings(context);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--context: " + e.getMessage());
        }
    }

    private static CompleteRequestParams withContext(CompleteRequestParams params, Map<String, String> chosen) {
        return chosen.isEmpty() ? params : params.withContext(chosen);
    }

    private int print(CompleteResult result) {
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
