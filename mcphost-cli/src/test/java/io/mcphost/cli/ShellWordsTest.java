package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ShellWordsTest {
    @Test
    void wordsSplitOnRunsOfWhitespace() {
        assertThat(ShellWords.split("  npx -y\t @modelcontextprotocol/server-everything \n"))
                .containsExactly("npx", "-y", "@modelcontextprotocol/server-everything");
    }

    @Test
    void anEmptyOrBlankLineHasNoWords() {
        assertThat(ShellWords.split("")).isEmpty();
        assertThat(ShellWords.split(" \t ")).isEmpty();
    }

    @Test
    void singleQuotesKeepEverythingLiterallyIncludingBackslashes() {
        assertThat(ShellWords.split("run 'a b' 'c\\d' '\"x\"'")).containsExactly("run", "a b", "c\\d", "\"x\"");
    }

    @Test
    void doubleQuotesGroupAndABackslashEscapesOnlyQuoteBackslashDollarAndBacktick() {
        assertThat(ShellWords.split("run \"c \\\"d\\\"\" \"\\\\ \\$ \\` \\n\""))
                .containsExactly("run", "c \"d\"", "\\ $ ` \\n");
    }

    @Test
    void aBackslashOutsideQuotesEscapesAnyCharacter() {
        assertThat(ShellWords.split("e\\ f \\'g\\' \\\\h")).containsExactly("e f", "'g'", "\\h");
    }

    @Test
    void adjacentQuotedAndBarePartsFormOneWord() {
        assertThat(ShellWords.split("--name=\"Ada Lovelace\"'s'x")).containsExactly("--name=Ada Lovelaces" + "x");
    }

    @Test
    void emptyQuotesAreAnEmptyWord() {
        assertThat(ShellWords.split("cmd '' \"\"")).containsExactly("cmd", "", "");
    }

    @Test
    void aBackslashNewlineIsALineContinuation() {
        assertThat(ShellWords.split("npx \\\n-y pkg")).containsExactly("npx", "-y", "pkg");
        assertThat(ShellWords.split("\"a\\\nb\"")).containsExactly("ab");
    }

    @Test
    void nothingIsExpandedAsAShellWould() {
        assertThat(ShellWords.split("echo $HOME `id` *.txt | wc; rm ~ && x > y"))
                .containsExactly("echo", "$HOME", "`id`", "*.txt", "|", "wc;", "rm", "~", "&&", "x", ">", "y");
    }

    @Test
    void unbalancedQuotesAndATrailingBackslashAreRefused() {
        assertThatThrownBy(() -> ShellWords.split("node 'server.js")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unbalanced '");
        assertThatThrownBy(() -> ShellWords.split("node \"server.js")).hasMessageContaining("unbalanced \"");
        assertThatThrownBy(() -> ShellWords.split("node \"a\\\"")).hasMessageContaining("unbalanced \"");
        assertThatThrownBy(() -> ShellWords.split("node server.js\\")).hasMessageContaining("trailing \\");
    }
}
