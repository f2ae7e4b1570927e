package io.mcphost.faults;

/**
 * One row of the fault matrix (issue 14) prints its measured figure, so that a build log lists every
 * guarantee with the number behind it: {@code ./mvnw verify | grep '^ROW '}.
 */
public final class Row {
    private Row() {
    }

    /** Prints {@code ROW <id> <name>: <figure> (limit <limit>)} on stdout. */
    public static void print(String id, String name, Object figure, Object limit) {
        System.out.println("ROW " + id + " " + name + ": " + figure + " (limit " + limit + ")");
    }
}
