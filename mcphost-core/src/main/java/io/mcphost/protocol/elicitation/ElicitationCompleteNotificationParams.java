package io.mcphost.protocol.elicitation;

import java.util.Objects;

/**
 * The params of {@code notifications/elicitation/complete} (2025-11-25): the out-of-band interaction of a
 * URL-mode elicitation finished, so a client may retry what was waiting on it. Immutable and thread-safe.
 *
 * @param elicitationId the {@link ElicitRequestURLParams#elicitationId()} of the elicitation
 */
public record ElicitationCompleteNotificationParams(String elicitationId) {
    public ElicitationCompleteNotificationParams {
        Objects.requireNonNull(elicitationId, "elicitationId");
    }

    public static ElicitationCompleteNotificationParams of(String elicitationId) {
        return new ElicitationCompleteNotificationParams(elicitationId);
    }
}
