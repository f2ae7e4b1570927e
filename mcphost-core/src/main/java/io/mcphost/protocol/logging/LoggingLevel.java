package io.mcphost.protocol.logging;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Log severities, as in RFC 5424 (syslog), least severe first. */
public enum LoggingLevel {
    @JsonProperty("debug") DEBUG,
    @JsonProperty("info") INFO,
    @JsonProperty("notice") NOTICE,
    @JsonProperty("warning") WARNING,
    @JsonProperty("error") ERROR,
    @JsonProperty("critical") CRITICAL,
    @JsonProperty("alert") ALERT,
    @JsonProperty("emergency") EMERGENCY;

    /** The wire name, e.g. {@code "warning"}. */
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
