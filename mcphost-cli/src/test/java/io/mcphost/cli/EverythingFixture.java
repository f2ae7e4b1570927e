package io.mcphost.cli;

import io.mcphost.testkit.NpmFixtures;

/** The npm reference server server-everything, as the CLI's {@code --stdio} value (the build installs it). */
final class EverythingFixture {
    private EverythingFixture() {
    }

    /** {@code node '<path>/dist/index.js' stdio}; the CLI names the server "node". */
    static String stdio() {
        // Quoted: the CLI splits --stdio into words like a shell, and the path may hold spaces.
        return "node '" + NpmFixtures.everythingScript() + "' stdio";
    }
}
