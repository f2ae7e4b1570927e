package io.mcphost.bench.subject;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A file packaged in this jar that another program must run from a path: copied out to a temporary file. */
final class PackagedFile {
    private PackagedFile() {
    }

    /**
     * Copies resource {@code name} (resolved against {@code anchor}'s package, or absolute with a
     * leading '/') to a new temporary file deleted on exit, named {@code prefix...suffix}.
     *
     * @throws IllegalStateException if the resource is not on the class path
     */
    static Path extract(Class<?> anchor, String name, String prefix, String suffix) {
        try (InputStream in = anchor.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the class path");
            }
            Path file = Files.createTempFile(prefix, suffix);
            Files.write(file, in.readAllBytes());
            file.toFile().deleteOnExit();
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
