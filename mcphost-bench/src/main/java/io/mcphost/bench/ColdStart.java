package io.mcphost.bench;

import io.mcphost.bench.subject.Library;
import io.mcphost.bench.subject.ServerKind;
import io.mcphost.bench.subject.Subject;
import io.mcphost.bench.subject.Subjects;
import java.time.Duration;
import java.util.Arrays;

/**
 * One cold client in a fresh JVM, for the {@code cold-jvm} scenario: connects the library named by
 * the first argument to a fresh floor server, makes one call, and prints
 * {@code COLD <main→initialized ns> <first call ns>}. Nothing of the library ran in this JVM before,
 * so the numbers include its class loading and JSON set-up, as an application's first start does.
 */
public final class ColdStart {
    private ColdStart() {
    }

    public static void main(String[] args) {
        long start = System.nanoTime();
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "error");
        Library library = Arrays.stream(Library.values()).filter(l -> l.label().equals(args[0])).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown library " + args[0]));
        ServerKind server = args.length > 1 && args[1].equals("floor-sh") ? ServerKind.shellFloor() : ServerKind.floor();
        long initialized;
        long answered;
        try (Subject subject = Subjects.connect(library, server, Duration.ofSeconds(30))) {
            initialized = System.nanoTime();
            String answer = subject.echo("hello");
            answered = System.nanoTime();
            if (answer == null || !answer.contains("hello")) {
                throw new IllegalStateException("echo answered '" + answer + "'");
            }
        }
        System.out.println("COLD " + (initialized - start) + " " + (answered - initialized));
        System.out.flush();
        System.exit(0); // the SDK's Reactor threads are not all daemons
    }
}
