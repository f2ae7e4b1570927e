package io.mcphost.client;

import io.mcphost.transport.Transport;
import io.mcphost.transport.stdio.StdioTransport;
import java.util.List;

/** server-everything as a child process over stdio. */
class EverythingStdioTest extends EverythingServerContract {
    @Override
    protected Transport newTransport() {
        List<String> command = NpmFixtures.everythingStdio();
        return StdioTransport.builder(command.getFirst(), command.subList(1, command.size()).toArray(String[]::new))
                .name("everything").build();
    }
}
