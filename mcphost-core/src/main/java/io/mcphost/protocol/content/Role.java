package io.mcphost.protocol.content;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Who a message or content is for or from. */
public enum Role {
    @JsonProperty("user") USER,
    @JsonProperty("assistant") ASSISTANT
}
