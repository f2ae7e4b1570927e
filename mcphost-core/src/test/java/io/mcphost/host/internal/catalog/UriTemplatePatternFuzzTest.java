package io.mcphost.host.internal.catalog;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * URI-template matching with both the template (as a server sends it) and the URI (as an application
 * asks for it) fuzzed. Compiling never fails (what is not an expression is text, as documented) and
 * matching always answers. For small inputs the answer is compared with a regular expression built
 * from the class's documented rules (the reference: slow, backtracking, but obviously right).
 *
 * <p>Input: the template, a NUL byte, the URI (UTF-8).
 */
class UriTemplatePatternFuzzTest {

    @FuzzTest(maxDuration = "10m")
    void matchingAgreesWithTheRules(byte[] data) {
        String text = new String(data, StandardCharsets.UTF_8);
        int nul = text.indexOf('\0');
        String template = nul < 0 ? text : text.substring(0, nul);
        String uri = nul < 0 ? "" : text.substring(nul + 1);
        UriTemplatePattern pattern = UriTemplatePattern.compile(template);
        boolean matches = pattern.matches(uri);
        if (!pattern.template().equals(template)) {
            throw new AssertionError("the template changed: " + pattern.template());
        }
        // The reference backtracks: only where that stays cheap (few expressions, a short URI).
        // It also reads code points, not chars: no surrogates, whose halves it would not match one by one.
        Pattern reference = uri.length() <= 40 && (template + uri).chars().noneMatch(c -> Character.isSurrogate((char) c))
                ? reference(template) : null;
        if (reference != null) {
            boolean expected = reference.matcher(uri).matches();
            if (matches != expected) {
                throw new AssertionError("'" + template + "' vs '" + uri + "': " + matches + ", the rules say " + expected
                        + " (" + reference + ")");
            }
        }
    }

    /** The documented rules as a regular expression, or null for a template with more than 4 expressions. */
    static Pattern reference(String template) {
        StringBuilder regex = new StringBuilder();
        int expressions = 0;
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            int close = c == '{' ? template.indexOf('}', i + 1) : -1;
            if (close < 0) {
                regex.append(Pattern.quote(String.valueOf(c)));
                i++;
                continue;
            }
            if (++expressions > 4) {
                return null;
            }
            char operator = close > i + 1 ? template.charAt(i + 1) : 0;
            regex.append(switch (operator) {
                case '+' -> "[\\s\\S]*";
                case '#' -> "(?:#[\\s\\S]*)?";
                case '/' -> "(?:/[^?#]*)?";
                case '.' -> "(?:\\.[^/?#]*)?";
                case ';' -> "(?:;[^/?#]*)?";
                case '?' -> "(?:\\?[^#]*)?";
                case '&' -> "(?:&[^#]*)?";
                default -> "[^/?#]*";
            });
            i = close + 1;
        }
        return Pattern.compile(regex.toString());
    }
}
