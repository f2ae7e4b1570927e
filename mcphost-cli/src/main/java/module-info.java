/**
 * The {@code mcphost} command line.
 */
module io.mcphost.cli {
    requires io.mcphost.core;
    requires io.mcphost.server;
    requires io.mcphost.gateway;
    requires info.picocli;
    requires org.slf4j;
    requires jdk.unsupported; // sun.misc.Signal: Ctrl-C cancels a call before the JVM's shutdown begins

    opens io.mcphost.cli to info.picocli;
}
