package io.mcphost.transport.stdio.internal;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Process groups on Linux, so that closing a server also ends a grandchild whose parent died before
 * we ever saw it (then it is no descendant of anything we know). Java's {@link ProcessBuilder} cannot
 * call {@code setsid(2)}, but util-linux's {@code /usr/bin/setsid} can run first: it makes itself a
 * session and group leader and then execs the server (no fork: the pid we hold stays the server's,
 * and no shell is involved), so the server's pid is its group id and everything it starts inherits
 * that group. Where setsid is missing (macOS, Windows, minimal images) nothing changes and the
 * descendants walk of {@link ProcessTree} is all there is. Stateless; thread-safe.
 */
final class ProcessGroup {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessGroup.class);
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    private ProcessGroup() {
    }

    /**
     * {@code command} prefixed with setsid, or empty when it cannot be (no setsid, not Linux, or the
     * program is not found: then the launch must fail in the JDK with its usual message, not later
     * inside setsid). The program is resolved as the JDK would (on this JVM's PATH), so setsid runs
     * exactly that file.
     */
    static Optional<List<String>> wrap(List<String> command, Optional<Path> cwd) {
        if (command.isEmpty() || !System.getProperty("os.name", "").equals("Linux") || !Files.isExecutable(SETSID)) {
            return Optional.empty();
        }
        return resolve(command.getFirst(), cwd).map(program -> {
            List<String> wrapped = new ArrayList<>(command.size() + 1);
            wrapped.add(SETSID.toString());
            wrapped.add(program);
            wrapped.addAll(command.subList(1, command.size()));
            return wrapped;
        });
    }

    private static Optional<String> resolve(String program, Optional<Path> cwd) {
        if (program.indexOf('\0') >= 0) {
            return Optional.empty(); // no such file; starting it fails with the operating system's reason
        }
        if (program.contains("/")) {
            Path path = Path.of(program);
            Path resolved = path.isAbsolute() ? path : cwd.map(d -> d.resolve(path)).orElse(path);
            return Files.isRegularFile(resolved) && Files.isExecutable(resolved) ? Optional.of(program) : Optional.empty();
        }
        String pathVariable = Optional.ofNullable(System.getenv("PATH")).orElse("");
        return Stream.of(pathVariable.split(File.pathSeparator)).filter(dir -> !dir.isEmpty())
                .map(dir -> Path.of(dir, program))
                .filter(p -> Files.isRegularFile(p) && Files.isExecutable(p))
                .map(Path::toString).findFirst();
    }

    /** The running members of process group {@code group} (none when 0 or without /proc), from a shared recent look. */
    static Set<ProcessHandle> members(long group) {
        Set<ProcessHandle> members = new LinkedHashSet<>();
        if (group <= 0 || !ProcessTable.available()) {
            return members;
        }
        for (long pid : ProcessTable.recent().members(group)) {
            ProcessHandle.of(pid).ifPresent(members::add);
        }
        return members;
    }

    /** Whether {@code process} is in group {@code group} now; false when it cannot be told (it ended, no /proc). */
    static boolean contains(long group, ProcessHandle process) {
        return group > 0 && ProcessTable.groupOf(process.pid()).orElse(0) == group;
    }

    /**
     * Sends {@code signal} (TERM, KILL) to every process of group {@code group} at once with kill(1),
     * without a shell; nothing when 0 (an empty group makes kill fail, harmlessly). Blocks only while kill(1) is spawned.
     *
     * @return whether kill(1) was started: false when the group is 0 or there is no kill(1), and then
     *         the caller must signal each process itself
     */
    static boolean signal(long group, String signal) {
        if (group <= 0) {
            return false;
        }
        try {
            // Not waited for: kill(1) acts at once, and the caller waits for the members to die anyway
            // (twenty servers closing in parallel must not each wait for a kill process to be reaped).
            new ProcessBuilder("kill", "-s", signal, "--", "-" + group)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return true;
        } catch (IOException e) {
            // No kill(1): false makes the caller signal each process it knows by itself.
            LOG.debug("cannot signal process group {}: {}", group, e.toString());
            return false;
        }
    }
}
