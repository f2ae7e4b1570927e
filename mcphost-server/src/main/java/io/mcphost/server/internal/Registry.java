package io.mcphost.server.internal;

import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution;
import io.mcphost.server.CompletionHandler;
import io.mcphost.server.InteractivePromptHandler;
import io.mcphost.server.ResourceReader;
import io.mcphost.server.ServerRequestObserver;
import io.mcphost.server.ToolHandler;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Everything a server offers, fixed at build time. Immutable. */
public record Registry(Implementation info, Optional<String> instructions, Map<String, ToolEntry> toolsByName,
                       List<ToolEntry> tools, List<ResourceEntry> resources, List<TemplateEntry> templates,
                       List<PromptEntry> prompts, Optional<CompletionHandler> completions, int pageSize,
                       Duration taskPollInterval, Duration maxTaskTtl, Optional<ServerRequestObserver> observer) {

    /** Whether some tool may run as a task, so the server announces tasks. */
    public boolean hasTaskTools() {
        return tools.stream().anyMatch(e -> e.tool().execution().map(ToolExecution::effectiveTaskSupport)
                .orElse(ToolExecution.TaskSupport.FORBIDDEN) != ToolExecution.TaskSupport.FORBIDDEN);
    }

    public record ToolEntry(Tool tool, ToolHandler handler) {
    }

    public record ResourceEntry(Resource resource, ResourceReader reader) {
    }

    public record PromptEntry(Prompt prompt, InteractivePromptHandler handler) {
    }

    /** A template with the pattern its URIs match: each {@code {var}} matches one path segment. */
    public record TemplateEntry(ResourceTemplate template, ResourceReader reader, Pattern pattern) {
        public static TemplateEntry of(ResourceTemplate template, ResourceReader reader) {
            Matcher vars = Pattern.compile("\\{[^}]+}").matcher(template.uriTemplate());
            StringBuilder regex = new StringBuilder();
            int last = 0;
            while (vars.find()) {
                regex.append(Pattern.quote(template.uriTemplate().substring(last, vars.start()))).append("[^/]+");
                last = vars.end();
            }
            regex.append(Pattern.quote(template.uriTemplate().substring(last)));
            return new TemplateEntry(template, reader, Pattern.compile(regex.toString()));
        }
    }

    Optional<PromptEntry> prompt(String name) {
        return prompts.stream().filter(p -> p.prompt().name().equals(name)).findFirst();
    }

    Optional<ResourceReader> readerFor(String uri) {
        return resources.stream().filter(r -> r.resource().uri().equals(uri)).map(ResourceEntry::reader).findFirst()
                .or(() -> templates.stream().filter(t -> t.pattern().matcher(uri).matches())
                        .map(TemplateEntry::reader).findFirst());
    }
}
