package io.mcphost.bench.scenario;

import io.mcphost.bench.floor.FloorHttpServer;
import io.mcphost.bench.subject.Library;
import io.mcphost.bench.subject.Subject;
import io.mcphost.bench.subject.Subjects;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Sequential round trips over Streamable HTTP on loopback, against the HTTP floor server running
 * in this JVM (so its cost lands on every library alike).
 */
public final class HttpScenarios {
    private HttpScenarios() {
    }

    /** Sequential echo calls over HTTP: per-call latency (µs), each round's median the headline. */
    public static List<Row> roundTrip(Options options) {
        int calls = Math.max(100, options.calls() / 2);
        Map<Library, Subject> subjects = new EnumMap<>(Library.class);
        Map<Library, String> notes = new EnumMap<>(Library.class);
        try (FloorHttpServer server = FloorHttpServer.start()) {
            for (Library library : options.libraries()) {
                try {
                    subjects.put(library, Subjects.connectHttp(library, server.endpoint(), options.timeout()));
                } catch (RuntimeException e) {
                    notes.put(library, "could not connect: " + e);
                }
            }
            try {
                Comparison comparison = new Comparison("roundtrip", "http floor (in-JVM server)", "us", 1e3);
                return comparison.run(List.copyOf(subjects.keySet()), options.rounds(), (library, round, out) -> {
                    Subject subject = subjects.get(library);
                    for (int i = 0; i < calls / 2; i++) {
                        CallScenarios.check(subject.echo("hello"));
                    }
                    Samples samples = new Samples();
                    for (int i = 0; i < calls; i++) {
                        long start = System.nanoTime();
                        CallScenarios.check(subject.echo("hello"));
                        samples.add(System.nanoTime() - start);
                    }
                    out.record(library, round, samples);
                }).rowsWith(notes);
            } finally {
                for (Subject subject : subjects.values()) {
                    try {
                        subject.close();
                    } catch (RuntimeException e) {
                        // the server goes away next anyway
                    }
                }
            }
        }
    }
}
