package io.mcphost.cli;

/** Entry point of the {@code mcphost} command. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.out.println("mcphost");
    }
}
