package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ShellWordsTest {
    @Test
    void wordsSplitOnWhitespaceAndQuotesGroup() {
        assertThat(ShellWords.split("npx -y  @modelcontextprotocol/server-everything"))
                .containsExactly("npx", "-y", "@modelcontextprotocol/server-everything");
        assertThat(ShellWords.split("run 'a b' \"c \\\"d\\\"\" e\\ f"))
                .containsExactly("run", "a b", "c \"d\"", "e f");
    }

    @Test
    void nothingIsExpandedAsAShellWould() {
        assertThat(ShellWords.split("echo $HOME `id` *.txt | wc")).containsExactly("echo", "$HOME", "`id`", "*.txt", "|", "wc");
    }

    @Test
    void unbalancedQuotesAreRefused() {
        assertThatThrownBy(() -> ShellWords.split("node 'server.js")).hasMessageContaining("unbalanced '");
        assertThatThrownBy(() -> ShellWords.split("node \"server.js")).hasMessageContaining("unbalanced \"");
    }
}
