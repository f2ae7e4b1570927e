package io.mcphost.protocol.internal;

import com.networknt.schema.regex.RegularExpression;
import com.networknt.schema.regex.RegularExpressionFactory;
import com.networknt.schema.regex.RegularExpressions;
import java.util.regex.Pattern;

/**
 * The {@code pattern} and {@code patternProperties} regular expressions of schemas from untrusted servers,
 * with a bounded cost: java.util.regex backtracks, and a pattern such as {@code (.*a){20}} takes minutes
 * on a value of a hundred characters. Each match may read the value's characters at most
 * {@link #BASE_STEPS} plus {@link #STEPS_PER_CHAR} times its length (linear patterns read each a few times);
 * beyond that, or when the regex engine's recursion overflows the stack on a long value, the match fails
 * with a {@link TooCostly}, which {@link JsonSchemaValidator} reports as a violation. Patterns are
 * translated as the library's own JDK factory does (ECMA-262 {@code $} and {@code \p{Letter}} forms).
 * Thread-safe; compiled patterns are immutable.
 */
final class BoundedRegularExpressions implements RegularExpressionFactory {
    static final long BASE_STEPS = 10_000_000;
    static final long STEPS_PER_CHAR = 100;

    /** A match that would cost more than its budget, or overflowed the stack. */
    static final class TooCostly extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooCostly(String regex, int length) {
            // The pattern comes from the schema, not from the value, so it may be quoted.
            super("the pattern \"" + abbreviate(regex) + "\" is too costly to check against a value of " + length
                    + " characters", null, false, false);
        }

        private static String abbreviate(String regex) {
            return regex.length() <= 100 ? regex : regex.substring(0, 100) + "…";
        }
    }

    @Override
    public RegularExpression getRegularExpression(String regex) {
        Pattern pattern = Pattern.compile(RegularExpressions.replaceLongformCharacterProperties(
                RegularExpressions.replaceDollarAnchors(regex)));
        return value -> {
            Budgeted text = new Budgeted(value, BASE_STEPS + STEPS_PER_CHAR * value.length());
            try {
                return pattern.matcher(text).find();
            } catch (Budgeted.Exhausted | StackOverflowError e) {
                // The engine recurses once per repetition on some patterns ((a|b)* on a long value): the whole
                // stack down to here is the engine's own and holds nothing, so unwinding it here is safe.
                throw new TooCostly(regex, value.length());
            }
        };
    }

    /** The value, counting the reads the regex engine makes of it; every step of a match reads it. */
    private static final class Budgeted implements CharSequence {
        private static final class Exhausted extends RuntimeException {
            private static final long serialVersionUID = 1L;

            Exhausted() {
                super(null, null, false, false);
            }
        }

        private final String text;
        private long left;

        Budgeted(String text, long budget) {
            this.text = text;
            this.left = budget;
        }

        @Override
        public char charAt(int index) {
            if (--left < 0) {
                throw new Exhausted();
            }
            return text.charAt(index);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return text.subSequence(start, end);
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
