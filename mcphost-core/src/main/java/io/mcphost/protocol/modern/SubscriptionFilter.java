package io.mcphost.protocol.modern;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Optional;

/**
 * The change notifications a client opts in to on {@code subscriptions/listen} (revision
 * 2026-07-28), or that the server acknowledged. Every type is opt-in: a server sends none that
 * were not asked for.
 *
 * @param toolsListChanged      {@code notifications/tools/list_changed}
 * @param promptsListChanged    {@code notifications/prompts/list_changed}
 * @param resourcesListChanged  {@code notifications/resources/list_changed}
 * @param resourceSubscriptions {@code notifications/resources/updated} for these URIs
 */
public record SubscriptionFilter(Optional<Boolean> toolsListChanged, Optional<Boolean> promptsListChanged,
                                 Optional<Boolean> resourcesListChanged, Optional<List<String>> resourceSubscriptions) {
    public SubscriptionFilter {
        toolsListChanged = toolsListChanged == null ? Optional.empty() : toolsListChanged;
        promptsListChanged = promptsListChanged == null ? Optional.empty() : promptsListChanged;
        resourcesListChanged = resourcesListChanged == null ? Optional.empty() : resourcesListChanged;
        resourceSubscriptions = resourceSubscriptions == null ? Optional.empty() : resourceSubscriptions.map(List::copyOf);
    }

    /** A filter asking for the three list-changed types and updates of {@code uris} (none when empty). */
    public static SubscriptionFilter of(boolean tools, boolean prompts, boolean resources, List<String> uris) {
        return new SubscriptionFilter(tools ? Optional.of(true) : Optional.empty(),
                prompts ? Optional.of(true) : Optional.empty(), resources ? Optional.of(true) : Optional.empty(),
                uris.isEmpty() ? Optional.empty() : Optional.of(uris));
    }

    @JsonIgnore
    public boolean wantsTools() {
        return toolsListChanged.orElse(false);
    }

    @JsonIgnore
    public boolean wantsPrompts() {
        return promptsListChanged.orElse(false);
    }

    @JsonIgnore
    public boolean wantsResources() {
        return resourcesListChanged.orElse(false);
    }

    @JsonIgnore
    public List<String> resourceUris() {
        return resourceSubscriptions.orElse(List.of());
    }
}
