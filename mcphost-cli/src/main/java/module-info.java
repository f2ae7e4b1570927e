/**
 * The {@code mcphost} command line.
 */
module io.mcphost.cli {
    requires io.mcphost.core;
    requires io.mcphost.server;
    requires info.picocli;
    requires org.slf4j;

    opens io.mcphost.cli to info.picocli;
}
