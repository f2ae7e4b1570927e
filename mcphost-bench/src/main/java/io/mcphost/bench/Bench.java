package io.mcphost.bench;

/** Placeholder. */
public final class Bench {
    private Bench() {
    }

    public static void main(String[] args) {
    }
}
