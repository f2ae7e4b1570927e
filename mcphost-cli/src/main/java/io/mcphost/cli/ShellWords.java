package io.mcphost.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line into words the way a POSIX shell would (quotes and backslashes), so
 * {@code --stdio "npx -y server"} reads naturally, but nothing is ever given to a shell:
 * no variables, globs, pipes or command substitution. The rules are POSIX's (XCU 2.2): inside
 * single quotes everything is literal; inside double quotes a backslash escapes only
 * {@code $ ` " \} and newline; outside quotes it escapes any character; a backslash-newline
 * is a line continuation and disappears. Stateless and thread-safe.
 */
final class ShellWords {
    private ShellWords() {
    }

    /** {@code word} as a shell reads it back unchanged: as it is when plain, else in single quotes. */
    static String quote(String word) {
        if (!word.isEmpty() && word.matches("[A-Za-z0-9_./:=@%+,-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** @throws IllegalArgumentException for an unbalanced quote or a trailing backslash */
    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            switch (c) {
                case '\'' -> {
                    int end = line.indexOf('\'', i + 1);
                    if (end < 0) {
                        throw new IllegalArgumentException("unbalanced ' in: " + line);
                    }
                    word.append(line, i + 1, end);
                    i = end;
                    inWord = true;
                }
                case '"' -> {
                    i++;
                    while (i < line.length() && line.charAt(i) != '"') {
                        char d = line.charAt(i);
                        if (d == '\\' && i + 1 < line.length() && "\"\\$`\n".indexOf(line.charAt(i + 1)) >= 0) {
                            d = line.charAt(++i);
                            if (d != '\n') { // an escaped newline is a continuation: dropped
                                word.append(d);
                            }
                        } else {
                            word.append(d);
                        }
                        i++;
                    }
                    if (i >= line.length()) {
                        throw new IllegalArgumentException("unbalanced \" in: " + line);
                    }
                    inWord = true;
                }
                case '\\' -> {
                    if (i + 1 >= line.length()) {
                        throw new IllegalArgumentException("trailing \\ in: " + line);
                    }
                    char escaped = line.charAt(++i);
                    if (escaped != '\n') {
                        word.append(escaped);
                        inWord = true;
                    }
                }
                case ' ', '\t', '\n' -> {
                    if (inWord) {
                        words.add(word.toString());
                        word.setLength(0);
                        inWord = false;
                    }
                }
                default -> {
                    word.append(c);
                    inWord = true;
                }
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
