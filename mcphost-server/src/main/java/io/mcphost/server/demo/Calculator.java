package io.mcphost.server.demo;

/**
 * Evaluates arithmetic with + - * / and parentheses, by recursive descent. Throws
 * {@link IllegalArgumentException} with a position-bearing message on malformed input, on division
 * by zero and on nesting deeper than {@value #MAX_DEPTH} levels (which would otherwise exhaust the
 * stack). Not thread-safe; each evaluation uses its own instance.
 */
final class Calculator {
    static final int MAX_DEPTH = 200;

    private final String text;
    private int pos;
    private int depth;

    private Calculator(String text) {
        this.text = text;
    }

    static double evaluate(String expression) {
        if (expression.isBlank()) {
            throw new IllegalArgumentException("the expression is empty");
        }
        Calculator c = new Calculator(expression);
        double value = c.sum();
        c.skipSpaces();
        if (c.pos < c.text.length()) {
            throw new IllegalArgumentException("unexpected '" + c.text.charAt(c.pos) + "' at position " + (c.pos + 1));
        }
        return value;
    }

    private double sum() {
        double value = product();
        while (true) {
            if (eat('+')) {
                value += product();
            } else if (eat('-')) {
                value -= product();
            } else {
                return value;
            }
        }
    }

    private double product() {
        double value = factor();
        while (true) {
            if (eat('*')) {
                value *= factor();
            } else if (eat('/')) {
                double divisor = factor();
                if (divisor == 0) {
                    throw new IllegalArgumentException("division by zero");
                }
                value /= divisor;
            } else {
                return value;
            }
        }
    }

    private double factor() {
        if (++depth > MAX_DEPTH) {
            throw new IllegalArgumentException("the expression nests deeper than " + MAX_DEPTH + " levels");
        }
        try {
            return unary();
        } finally {
            depth--;
        }
    }

    private double unary() {
        if (eat('-')) {
            return -factor();
        }
        if (eat('+')) {
            return factor();
        }
        if (eat('(')) {
            double value = sum();
            if (!eat(')')) {
                throw new IllegalArgumentException("missing ')' at position " + (pos + 1));
            }
            return value;
        }
        skipSpaces();
        int start = pos;
        while (pos < text.length() && (Character.isDigit(text.charAt(pos)) || text.charAt(pos) == '.')) {
            pos++;
        }
        if (start == pos) {
            throw new IllegalArgumentException(pos < text.length()
                    ? "unexpected '" + text.charAt(pos) + "' at position " + (pos + 1) : "the expression ends too early");
        }
        try {
            return Double.parseDouble(text.substring(start, pos));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad number '" + text.substring(start, pos) + "'");
        }
    }

    private boolean eat(char c) {
        skipSpaces();
        if (pos < text.length() && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    private void skipSpaces() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }
}
