package io.mcphost.transport.stdio.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ExcerptTest {

    @Test
    void headEscapesControlCharactersAndMarksACut() {
        assertThat(Excerpt.head("line\nforged [main] INFO", 12)).isEqualTo("line\\u000aforged …");
        assertThat(Excerpt.head("short", 200)).isEqualTo("short");
    }

    @Test
    void tailKeepsTheLastLinesWithinTheCharacterLimit() {
        assertThat(Excerpt.tail("one\ntwo\nthree\nfour\n", 2, 100)).isEqualTo("three\nfour");
        assertThat(Excerpt.tail("only", 5, 100)).isEqualTo("only");
        assertThat(Excerpt.tail("abcdefghij", 5, 4)).isEqualTo("…ghij");
        assertThat(Excerpt.tail("  \n", 5, 100)).isEmpty();
    }
}
