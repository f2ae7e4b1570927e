package io.mcphost.protocol.elicitation;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How the user answered an elicitation ({@code action} of {@link ElicitResult}). */
public enum ElicitAction {
    /** The user submitted the requested data. */
    @JsonProperty("accept") ACCEPT,
    /** The user explicitly said no. */
    @JsonProperty("decline") DECLINE,
    /** The user dismissed the request without choosing. */
    @JsonProperty("cancel") CANCEL
}
