package io.mcphost.protocol.elicitation;

import java.util.Objects;

/** {@code notifications/elicitation/complete}: a URL-mode elicitation finished. */
public record ElicitationCompleteNotificationParams(String elicitationId) {
    public ElicitationCompleteNotificationParams {
        Objects.requireNonNull(elicitationId, "elicitationId");
    }
}
