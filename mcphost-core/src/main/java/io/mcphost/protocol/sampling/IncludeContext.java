package io.mcphost.protocol.sampling;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Which MCP context a sampling request asks the client to add to the prompt. Soft-deprecated in 2025-11-25:
 * {@link #THIS_SERVER} and {@link #ALL_SERVERS} need the client's {@code sampling.context} capability.
 */
public enum IncludeContext {
    @JsonProperty("none") NONE,
    @JsonProperty("thisServer") THIS_SERVER,
    @JsonProperty("allServers") ALL_SERVERS
}
