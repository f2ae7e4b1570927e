/**
 * McpHost core: the MCP protocol types, transports, the single-server client and the host.
 */
module io.mcphost.core {
    requires transitive tools.jackson.databind;
    requires org.slf4j;
    // A skill's SKILL.md frontmatter (client.internal.SkillVerifier only).
    requires tools.jackson.dataformat.yaml;
    requires transitive java.net.http;
    requires com.networknt.schema;
    // The HTTP transport's client (transport.http.internal only): no Jetty type in an exported signature.
    requires org.eclipse.jetty.client;
    requires org.eclipse.jetty.http;
    requires org.eclipse.jetty.io;
    requires org.eclipse.jetty.util;

    exports io.mcphost.protocol;
    exports io.mcphost.protocol.lifecycle;
    exports io.mcphost.protocol.content;
    exports io.mcphost.protocol.tools;
    exports io.mcphost.protocol.resources;
    exports io.mcphost.protocol.prompts;
    exports io.mcphost.protocol.completion;
    exports io.mcphost.protocol.logging;
    exports io.mcphost.protocol.utilities;
    exports io.mcphost.protocol.roots;
    exports io.mcphost.protocol.elicitation;
    exports io.mcphost.protocol.sampling;
    exports io.mcphost.protocol.tasks;
    exports io.mcphost.protocol.skills;
    exports io.mcphost.protocol.modern;
    exports io.mcphost.transport;
    exports io.mcphost.transport.memory;
    exports io.mcphost.transport.stdio;
    exports io.mcphost.transport.http;
    exports io.mcphost.client;
    exports io.mcphost.config;
    exports io.mcphost.host;
    exports io.mcphost.auth;

    // The server toolkit shares the codec and builder checks; nothing else may reach internals.
    exports io.mcphost.protocol.internal to io.mcphost.server;
    // A tool result written as a tree without the mapper's bean serializer, on every call a server answers.
    exports io.mcphost.protocol.tools.internal to io.mcphost.server;
    // The CLI suggests tool names of a single server by the catalog's own rules (one suggester, not two).
    exports io.mcphost.host.internal.catalog to io.mcphost.cli;
}
